// Random damage to the boot information captured from real QEMU boots, fed to the parsers the kernel runs at boot:
// whatever the bytes, a parser either succeeds or throws BootInfoException (which the kernel turns into a clear
// panic); any other exception would be a crash, and a hang fails the test by its timeout. Deterministic seeds, so a
// failure reproduces; the failing case is printed.
using System.Buffers.Binary;
using Helios.Kernel.Boot;
using Helios.Kernel.Boot.DeviceTree;
using Helios.Kernel.Boot.Pvh;
using Xunit;

namespace Helios.Tests.Boot;

public class BootParserFuzzTests
{
    // Values that probe bounds checks when written over a 32-bit field.
    private static readonly uint[] s_interesting =
        [0, 1, 2, 3, 4, 0x7F, 0x80, 0xFF, 0x7FFF, 0xFFFF, 0x7FFFFFF0, 0x7FFFFFFF, 0x80000000, 0xFFFFFFF0, 0xFFFFFFFE, 0xFFFFFFFF];

    // Flips, random bytes or an interesting 32-bit value (either byte order) at a few random offsets.
    private static void Damage(Random random, Span<byte> bytes)
    {
        int changes = 1 + random.Next(4);
        for (int c = 0; c < changes; c++)
        {
            int at = random.Next(bytes.Length);
            switch (random.Next(3))
            {
                case 0:
                    bytes[at] ^= (byte)(1 << random.Next(8));
                    break;
                case 1:
                    bytes[at] = (byte)random.Next(256);
                    break;
                default:
                    if (at > bytes.Length - 4) at = bytes.Length - 4;
                    uint value = s_interesting[random.Next(s_interesting.Length)];
                    if (random.Next(2) == 0) BinaryPrimitives.WriteUInt32BigEndian(bytes.Slice(at), value);
                    else BinaryPrimitives.WriteUInt32LittleEndian(bytes.Slice(at), value);
                    break;
            }
        }
    }

    private static void OnlyBootInfoExceptions(string what, int iteration, Action parse)
    {
        try
        {
            parse();
        }
        catch (BootInfoException)
        {
        }
        catch (Exception e)
        {
            Assert.Fail($"{what}, case {iteration}: {e.GetType().FullName} escaped: {e.Message}\n{e.StackTrace}");
        }
    }

    [Theory]
    [InlineData("arm64-virt-2cpu-128M", 1)]
    [InlineData("arm64-virt-4cpu-1G", 2)]
    public void DeviceTreeParserOnlyThrowsBootInfoException(string capture, int seed)
    {
        CapturedMemory memory = CapturedMemory.Load(TestData.BootCapture(capture));
        ulong address = memory.BootInformation;
        byte[] original = memory.Read(address, FlattenedDeviceTree.ReadUsedSize(memory.Read(address, FlattenedDeviceTree.HeaderSize))).ToArray();
        var random = new Random(seed);
        for (int i = 0; i < 100_000; i++)
        {
            byte[] blob = (byte[])original.Clone();
            // Half the cases aim at the header and the first tokens, where the structure is decided.
            Damage(random, random.Next(2) == 0 ? blob.AsSpan(0, Math.Min(blob.Length, 512)) : blob);
            OnlyBootInfoExceptions(capture, i, () =>
            {
                FlattenedDeviceTree.ReadUsedSize(blob);
                DeviceTreeBootInfo.Read(FlattenedDeviceTree.Parse(blob));
            });
        }
    }

    // Through memory as the kernel reads it: the header decides how much is read.
    [Fact]
    public void DeviceTreeHeaderDamageThroughMemory()
    {
        CapturedMemory memory = CapturedMemory.Load(TestData.BootCapture("arm64-virt-2cpu-128M"));
        byte[] header = memory.Read(memory.BootInformation, FlattenedDeviceTree.HeaderSize).ToArray();
        var random = new Random(3);
        for (int i = 0; i < 5_000; i++)
        {
            byte[] damaged = (byte[])header.Clone();
            Damage(random, damaged.AsSpan(4));
            CapturedMemory broken = memory.WithBytes(memory.BootInformation, damaged);
            OnlyBootInfoExceptions("device tree header", i, () => DeviceTreeBootInfo.Read(broken, broken.BootInformation));
        }
    }

    // PVH start_info, the E820 map, the command line, the RSDP, the RSDT and the MADT: every captured byte is fair game.
    [Theory]
    [InlineData("x86_64-q35-2cpu-128M", 4)]
    [InlineData("x86_64-q35-4cpu-512M", 5)]
    public void PvhAndAcpiParsersOnlyThrowBootInfoException(string capture, int seed)
    {
        CapturedMemory memory = CapturedMemory.Load(TestData.BootCapture(capture));
        (ulong Address, int Length)[] chunks = memory.Chunks.ToArray();
        var random = new Random(seed);
        for (int i = 0; i < 20_000; i++)
        {
            (ulong address, int length) = chunks[random.Next(chunks.Length)];
            byte[] bytes = memory.Read(address, length).ToArray();
            Damage(random, bytes);
            CapturedMemory broken = memory.WithBytes(address, bytes);
            OnlyBootInfoExceptions(capture, i, () => PvhBootInfo.Read(broken, broken.BootInformation));
        }
    }
}
