// Message layouts: a 16-byte header, one 16-byte descriptor per exchange-heap array or endpoint, then values in
// declaration order at natural alignment, rounded up to 8. The expected offsets are the specification: they are
// written out here by hand, and nothing in the layout depends on the host (no Marshal.SizeOf, no IntPtr.Size).
using System.Globalization;
using Helios.Contracts;
using Helios.Contracts.Semantics;
using Helios.Contracts.Wire;
using Xunit;

namespace Helios.Tests.Contracts;

public class LayoutTests
{
    private static ContractModel Contract(string name, string text)
    {
        ContractCompilation compilation = ContractFiles.Compile(text);
        Assert.False(compilation.HasErrors, string.Join("\n", compilation.Diagnostics));
        return compilation.FindContract(name)!;
    }

    /// <summary>"40 bytes: buffer@16#0 offset@32" (#n: the descriptor slot of a handle).</summary>
    private static string Layout(MessageModel m) =>
        $"{m.Size} bytes:" + string.Concat(m.Fields.Select(f => $" {f.Name}@{f.Offset}" + (f.DescriptorIndex >= 0 ? $"#{f.DescriptorIndex}" : "")));

    [Fact]
    public void FileContractHasTheDocumentedLayout()
    {
        ContractModel file = ContractFiles.CompileSystem().FindContract("FileContract")!;
        Assert.Equal("32 bytes: path@16#0", Layout(file.FindMessage("Open")!));
        Assert.Equal("16 bytes:", Layout(file.FindMessage("OpenOk")!));
        Assert.Equal("24 bytes: error@16", Layout(file.FindMessage("OpenFailed")!));
        Assert.Equal("40 bytes: buffer@16#0 offset@32", Layout(file.FindMessage("Read")!));
        Assert.Equal("40 bytes: buffer@16#0 count@32", Layout(file.FindMessage("ReadDone")!));
        Assert.Equal("16 bytes:", Layout(file.FindMessage("Close")!));
        Assert.Equal(new[] { 1, 0, 0, 1, 1, 0 }, file.Messages.Select(m => m.DescriptorCount).ToArray());
    }

    [Fact]
    public void PrimitivesHaveFixedWidthsAndNaturalAlignment()
    {
        ContractModel c = Contract("P", "contract P { in message M(bool a, byte b, sbyte c, short d, ushort e, int f, uint g, long h, ulong i, char j, float k, double l); state S: M? -> S; }");
        // a@16 b@17 c@18 d@20 e@22 f@24 g@28 h@32 i@40 j@48 k@52 l@56, end 64.
        Assert.Equal(new[] { 16, 17, 18, 20, 22, 24, 28, 32, 40, 48, 52, 56 }, c.Messages[0].Fields.Select(f => f.Offset).ToArray());
        Assert.Equal(64, c.Messages[0].Size);
        Assert.Equal(new[] { 1, 1, 1, 2, 2, 4, 4, 8, 8, 2, 4, 8 }, c.Messages[0].Fields.Select(f => f.Type.Size).ToArray());
    }

    [Fact]
    public void PaddingFollowsDeclarationOrder()
    {
        ContractModel c = Contract("P", "contract P { in message M(byte a, long b, byte c); state S: M? -> S; }");
        Assert.Equal(new[] { 16, 24, 32 }, c.Messages[0].Fields.Select(f => f.Offset).ToArray());
        Assert.Equal(40, c.Messages[0].Size);
    }

    [Fact]
    public void HandlesComeFirstWhateverTheirPosition()
    {
        ContractModel c = Contract("H", "contract H { in message M(int n, byte[] in ExHeap a, short s, imp<H> e, exp<H> x, long l); state S: M? -> S; }");
        MessageModel m = c.Messages[0];
        Assert.Equal(3, m.DescriptorCount);
        // Descriptors at 16, 32, 48 in parameter order; values from 64: n@64 s@68 l@72, end 80.
        Assert.Equal("80 bytes: n@64 a@16#0 s@68 e@32#1 x@48#2 l@72", Layout(m));
    }

    [Fact]
    public void StructsAreLaidOutLikeMessagesValues()
    {
        string text = "struct Inner { byte tag; double value; }\nstruct Outer { short a; Inner inner; char c; }\n"
                      + "contract S { in message M(byte first, Outer o, Inner[] in ExHeap many); state S: M? -> S; }";
        ContractCompilation compilation = ContractFiles.Compile(text);
        Assert.False(compilation.HasErrors, string.Join("\n", compilation.Diagnostics));
        StructModel inner = compilation.Structs.Single(s => s.Name == "Inner");
        StructModel outer = compilation.Structs.Single(s => s.Name == "Outer");
        Assert.Equal((16, 8), (inner.Size, inner.Alignment));
        Assert.Equal(new[] { 0, 8 }, inner.Fields.Select(f => f.Offset).ToArray());
        // a@0, inner@8 (aligned to 8), c@24, size 32.
        Assert.Equal((32, 8), (outer.Size, outer.Alignment));
        Assert.Equal(new[] { 0, 8, 24 }, outer.Fields.Select(f => f.Offset).ToArray());
        MessageModel m = compilation.FindContract("S")!.Messages[0];
        // many: descriptor at 16; first@32; o@40 (8-aligned), end 72.
        Assert.Equal("72 bytes: first@32 o@40 many@16#0", Layout(m));
        Assert.Equal(16, ((ExHeapArrayType)m.Fields[2].Type).Element.Size);
    }

    [Fact]
    public void TheLayoutDoesNotDependOnTheCulture()
    {
        ContractCompilation reference = ContractFiles.CompileSystem();
        CultureInfo before = CultureInfo.CurrentCulture;
        try
        {
            foreach (string culture in new[] { "tr-TR", "ar-SA", "de-DE", "" })
            {
                CultureInfo.CurrentCulture = new CultureInfo(culture);
                ContractCompilation again = ContractFiles.CompileSystem();
                Assert.Equal(reference.Contracts.Select(c => (c.Id, c.Fingerprint)), again.Contracts.Select(c => (c.Id, c.Fingerprint)));
                Assert.Equal(reference.Contracts.Select(c => Fingerprint.CanonicalText(c)), again.Contracts.Select(c => Fingerprint.CanonicalText(c)));
            }
        }
        finally
        {
            CultureInfo.CurrentCulture = before;
        }
    }

    [Fact]
    public void TheWireFormatConstantsAreTheDocumentedOnes()
    {
        Assert.Equal(16, WireFormat.HeaderSize);
        Assert.Equal((0, 8, 10, 11, 12), (WireFormat.HeaderContractIdOffset, WireFormat.HeaderTagOffset, WireFormat.HeaderDescriptorCountOffset,
            WireFormat.HeaderVersionOffset, WireFormat.HeaderSizeOffset));
        Assert.Equal(16, WireFormat.DescriptorSize);
        Assert.Equal((0, 1, 2, 4, 8), (WireFormat.DescriptorKindOffset, WireFormat.DescriptorFlagsOffset, WireFormat.DescriptorElementSizeOffset,
            WireFormat.DescriptorLengthOffset, WireFormat.DescriptorHandleOffset));
        Assert.Equal(8, WireFormat.MessageAlignment);
    }

    [Fact]
    public void MessagesOverTheLimitsAreRefused()
    {
        string handles = string.Join(", ", Enumerable.Range(0, 256).Select(i => $"byte[] in ExHeap a{i}"));
        ContractCompilation tooMany = ContractFiles.Compile($"contract T {{ in message M({handles}); state S: M? -> S; }}");
        Assert.Equal("HL0111", Assert.Single(tooMany.Diagnostics).Id);
        string fits = string.Join(", ", Enumerable.Range(0, 255).Select(i => $"byte[] in ExHeap a{i}"));
        Assert.False(ContractFiles.Compile($"contract T {{ in message M({fits}); state S: M? -> S; }}").HasErrors);
    }
}
