// Decoding the GCDesc ilc emits before a MethodTable: on hand-made types, and on types of the built kernel test
// image (so the format is checked against what ilc really emits, on both ISAs).
using Helios.Tests.Unwinding;
using Helios.Tooling;
using Internal.Runtime.Collector;
using Xunit;

namespace Helios.Tests.Collector;

public sealed unsafe class PointerSeriesTests
{
    private static List<long> Slots(byte* obj)
    {
        var slots = new List<long>();
        var series = new PointerSeries(obj);
        while (series.Next(out nint* first, out nuint count))
            for (nuint i = 0; i < count; i++) slots.Add((byte*)(first + i) - obj);
        slots.Sort();
        return slots;
    }

    [Fact]
    public void ClassesListTheirReferenceFields()
    {
        using var types = new FakeTypes();
        using var memory = new HostMemory(4096);
        byte* obj = memory.Start + 8;
        *(byte**)obj = types.Class(48, 8, 24, 32);
        Assert.Equal(new long[] { 8, 24, 32 }, Slots(obj));
    }

    [Fact]
    public void ReferenceArraysListEveryElement()
    {
        using var types = new FakeTypes();
        using var memory = new HostMemory(4096);
        byte* obj = memory.Start + 8;
        *(byte**)obj = types.ReferenceArray();
        *(int*)(obj + 8) = 5;
        Assert.Equal(new long[] { 16, 24, 32, 40, 48 }, Slots(obj));
        *(int*)(obj + 8) = 0;
        Assert.Empty(Slots(obj));
    }

    [Fact]
    public void StructArraysRepeatTheirRunsPerElement()
    {
        using var types = new FakeTypes();
        using var memory = new HostMemory(4096);
        byte* obj = memory.Start + 8;
        // 40-byte elements: a reference at 0, 16 bytes of data, two references at 24 and 32.
        *(byte**)obj = types.StructArray(40, 0, (1, 16), (2, 0));
        *(int*)(obj + 8) = 3;
        Assert.Equal(new long[] { 16, 40, 48, 56, 80, 88, 96, 120, 128 }, Slots(obj));
    }

    // GcTests.Node: a long and three references. GcTests.Pair[]: elements of (string, long, Node, int), which ilc lays
    // out references first: two references, then 16 bytes of data, per 32-byte element.
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void TheImagesGCDescsDescribeTheirTypes(string isaName)
    {
        LinkedImage image = LinkedImage.Load(IsaNames.Parse(isaName));
        byte* MethodTable(string symbol) => image.View.At(image.Symbol(symbol), 8);

        using var memory = new HostMemory(4096);
        byte* node = memory.Start + 8;
        *(byte**)node = MethodTable("_ZTV59Helios_Kernel_Tests_Helios_Kernel_Tests_Kernel_GcTests_Node");
        Assert.Equal((nuint)48, ObjectLayout.HeapSize(node));
        List<long> slots = Slots(node);
        Assert.Equal(3, slots.Count);
        Assert.All(slots, offset => Assert.InRange(offset, 8, 32));

        byte* pairs = memory.Start + 1024;
        *(byte**)pairs = MethodTable("_ZTV68__Array<Helios_Kernel_Tests_Helios_Kernel_Tests_Kernel_GcTests_Pair>");
        *(int*)(pairs + 8) = 3;
        Assert.Equal((nuint)(24 + 3 * 32), ObjectLayout.HeapSize(pairs));
        Assert.Equal(new long[] { 16, 24, 48, 56, 80, 88 }, Slots(pairs));
    }
}
