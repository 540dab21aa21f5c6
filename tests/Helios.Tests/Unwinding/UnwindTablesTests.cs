// The runtime's unwind-table readers on real images, on the host: every function of each ISA's test image is found
// through .eh_frame_hdr, and the CFI interpreter's rules agree with binutils' at every row of every function. The EH
// clause reader decodes what ilc wrote for a method whose clauses we know.
using Helios.Tooling;
using Internal.Runtime.ExceptionHandling;
using Xunit;

namespace Helios.Tests.Unwinding;

public class UnwindTablesTests
{
    private static readonly Dictionary<string, int> X64Registers = new()
    {
        ["rax"] = 0, ["rdx"] = 1, ["rcx"] = 2, ["rbx"] = 3, ["rsi"] = 4, ["rdi"] = 5, ["rbp"] = 6, ["rsp"] = 7,
        ["r8"] = 8, ["r9"] = 9, ["r10"] = 10, ["r11"] = 11, ["r12"] = 12, ["r13"] = 13, ["r14"] = 14, ["r15"] = 15, ["ra"] = 16,
    };

    private static int DwarfNumber(Isa isa, string name)
    {
        if (isa == Isa.X86_64) return X64Registers[name];
        if (name == "ra") return 30;
        if (name == "sp") return 31;
        if (name[0] == 'x') return int.Parse(name[1..]);
        if (name[0] is 'v' or 'd') return 64 + int.Parse(name[1..]);
        throw new InvalidDataException("unknown arm64 register " + name);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void TheInterpreterAgreesWithBinutilsEverywhere(string isaName)
    {
        Isa isa = IsaNames.Parse(isaName);
        LinkedImage image = LinkedImage.Load(isa);
        EhFrameIndex index = EhFrameIndex.Open(image.View, image.SectionAddress(".eh_frame_hdr"));
        IReadOnlyList<FrameTable> tables = ReadelfFrameTable.Read(image.Path);
        Assert.True(tables.Count > 500, $"only {tables.Count} functions in {image.Path}");

        int checkedRows = 0;
        foreach (FrameTable table in tables)
        {
            for (int r = 0; r < table.Rows.Count; r++)
            {
                FrameRow row = table.Rows[r];
                ulong last = (r + 1 < table.Rows.Count ? table.Rows[r + 1].Location : table.End) - 1;
                foreach (ulong pc in new[] { row.Location, last })
                {
                    Assert.True(index.TryFind(pc, out FrameDescription frame), $"no FDE found for 0x{pc:x}");
                    Assert.Equal(table.Start, frame.PcBegin);
                    Assert.Equal(table.End, frame.PcEnd);
                    Assert.True(CallFrameInterpreter.TryEvaluate(image.View, frame, pc, out UnwindRules rules), $"CFI of 0x{table.Start:x} at 0x{pc:x}");
                    Assert.Equal(DwarfNumber(isa, row.CfaRegister), rules.CfaRegister);
                    Assert.Equal(row.CfaOffset, rules.CfaOffset);
                    foreach ((string name, string rule) in row.Registers)
                    {
                        int slot = RegisterContext.SlotOf(DwarfNumber(isa, name));
                        string ours = rules.RuleOf(slot) switch
                        {
                            RegisterRule.SameValue => "u",
                            RegisterRule.Offset => "c" + rules.OperandOf(slot).ToString("+0;-0"),
                            RegisterRule.Undefined => "undefined",
                            var other => other + " " + rules.OperandOf(slot),
                        };
                        Assert.True(rule == ours || (rule == "s" && ours == "u"), $"0x{pc:x} {name}: binutils {rule}, ours {ours}");
                    }
                    checkedRows++;
                }
            }
        }
        Assert.True(checkedRows > 2000, $"only {checkedRows} rows checked");
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void AddressesOutsideAnyFunctionHaveNoFrame(string isaName)
    {
        LinkedImage image = LinkedImage.Load(IsaNames.Parse(isaName));
        EhFrameIndex index = EhFrameIndex.Open(image.View, image.SectionAddress(".eh_frame_hdr"));
        Assert.False(index.TryFind(image.Base - 1, out _));
        Assert.False(index.TryFind(image.SectionAddress(".rodata"), out _));
        Assert.False(index.TryFind(image.Symbol("RhpThrowEx"), out _), "assembly has no unwind records");
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void TheClausesOfAMethodAreDecoded(string isaName)
    {
        LinkedImage image = LinkedImage.Load(IsaNames.Parse(isaName));
        EhFrameIndex index = EhFrameIndex.Open(image.View, image.SectionAddress(".eh_frame_hdr"));
        ulong method = image.Symbol("Helios_Kernel_Tests_Helios_Kernel_Tests_Runtime_ExceptionsTests__TheFirstMatchingClauseWins");
        Assert.True(index.TryFind(method, out FrameDescription frame));
        Assert.True(ManagedCodeInfo.TryDecode(image.View, frame, out ManagedCodeInfo code));
        Assert.Equal(CodeKind.MainBody, code.Kind);
        Assert.Equal(method, code.MethodStart);

        var reader = new EHClauseReader(image.View, code);
        var caught = new List<string>();
        while (reader.Next(out EHClause clause))
        {
            Assert.Equal(EHClauseKind.Typed, clause.Kind);
            Assert.True(clause.TryStart < clause.TryEnd);
            string type = image.Elf.Symbols.Single(s => s.Value == clause.TargetType && s.Name.StartsWith("_ZTV", StringComparison.Ordinal)).Name;
            caught.Add(type[(type.LastIndexOf('_') + 1)..]);

            // The handler is a funclet of the same method.
            Assert.True(index.TryFind(clause.Handler, out FrameDescription funclet));
            Assert.True(ManagedCodeInfo.TryDecode(image.View, funclet, out ManagedCodeInfo handler));
            Assert.Equal(CodeKind.Handler, handler.Kind);
            Assert.Equal(method, handler.MethodStart);
            Assert.Equal(code.EHInfo, handler.EHInfo);
        }
        Assert.False(reader.Failed);
        Assert.Equal(["InvalidOperationException", "DerivedProbeException", "ProbeException", "Exception"], caught);
    }
}
