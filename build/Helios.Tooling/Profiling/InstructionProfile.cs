// What `./helios bench ... --profile` measured (docs/benchmarking.md, "Where the instructions go"): the QEMU plugin
// insn-profile.c counts the instructions of every translated block each vCPU ran inside each timed case; here they are
// attributed to the functions of the kernel image each vCPU belongs to (the coordinator's image at its link address, a
// satellite's at the base the coordinator printed) and summed per kernel and function. Under -icount one instruction is
// one tick of virtual time, so a function's share of a case's instructions, times the case's median, estimates what it
// costs each operation.
using System.Globalization;
using System.Text.RegularExpressions;
using Helios.Tooling.Elf;

namespace Helios.Tooling.Profiling;

/// <summary>One translated block's count on one vCPU in one window.</summary>
public readonly record struct BlockCount(int Cpu, ulong Address, uint Instructions, ulong Executions)
{
    public ulong Total => Instructions * Executions;
}

/// <summary>One function's instructions in a window on one kernel.</summary>
public sealed record FunctionCount(int Kernel, string Function, ulong Instructions);

/// <summary>A window (one timed case): every function's instructions, most first, and the window's total.</summary>
public sealed record WindowProfile(int Window, IReadOnlyList<FunctionCount> Functions, ulong Total)
{
    public ulong KernelTotal(int kernel) => (ulong)Functions.Where(f => f.Kernel == kernel).Sum(f => (decimal)f.Instructions);
}

public static partial class InstructionProfile
{
    /// <summary>What code outside every kernel image is counted as (processes: their images are loaded elsewhere).</summary>
    public const string OutsideKernel = "(outside the kernel image: process code)";

    /// <summary>The plugin's file: every window's block counts, by window number.</summary>
    public static IReadOnlyDictionary<int, List<BlockCount>> Parse(string text)
    {
        var windows = new SortedDictionary<int, List<BlockCount>>();
        List<BlockCount>? current = null;
        int lineNumber = 0;
        foreach (string raw in text.Split('\n'))
        {
            lineNumber++;
            string line = raw.Trim();
            if (line.Length == 0) continue;
            string[] words = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            if (words[0] == "window" && words.Length == 2 && int.TryParse(words[1], CultureInfo.InvariantCulture, out int window))
            {
                windows[window] = current = new List<BlockCount>();
                continue;
            }
            if (current is null || words.Length != 4
                || !int.TryParse(words[0], CultureInfo.InvariantCulture, out int cpu)
                || !ulong.TryParse(words[1], NumberStyles.HexNumber, CultureInfo.InvariantCulture, out ulong address)
                || !uint.TryParse(words[2], CultureInfo.InvariantCulture, out uint instructions)
                || !ulong.TryParse(words[3], CultureInfo.InvariantCulture, out ulong executions))
                throw new FormatException($"profile line {lineNumber}: '{line}' is not 'window N' or 'cpu address instructions executions'");
            current.Add(new BlockCount(cpu, address, instructions, executions));
        }
        return windows;
    }

    /// <summary>
    /// Each satellite's image base, from the coordinator's console ("starting k1 on CPU 0x1, NUMA domain 1, image at
    /// 0x10000000, ..."), by kernel id.
    /// </summary>
    public static IReadOnlyDictionary<int, ulong> SatelliteBases(IEnumerable<string> console)
    {
        var bases = new Dictionary<int, ulong>();
        foreach (string line in console)
        {
            Match match = StartingSatellite().Match(line);
            if (match.Success)
                bases[int.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture)] = ulong.Parse(match.Groups[2].Value, NumberStyles.HexNumber, CultureInfo.InvariantCulture);
        }
        return bases;
    }

    [GeneratedRegex(@"starting k(\d+) on CPU 0x[0-9a-fA-F]+, NUMA domain \d+, image at 0x([0-9a-fA-F]+)")]
    private static partial Regex StartingSatellite();

    /// <summary>A window's blocks summed per kernel (kernelOf: a vCPU's kernel) and function (symbols: a kernel's).</summary>
    public static WindowProfile Attribute(int window, IEnumerable<BlockCount> blocks, Func<int, int> kernelOf, Func<int, FunctionSymbols> symbols)
    {
        var sums = new Dictionary<(int, string), ulong>();
        ulong total = 0;
        foreach (BlockCount block in blocks)
        {
            int kernel = kernelOf(block.Cpu);
            string function = symbols(kernel).FunctionAt(block.Address) ?? OutsideKernel;
            sums[(kernel, function)] = sums.GetValueOrDefault((kernel, function)) + block.Total;
            total += block.Total;
        }
        var functions = sums.Select(s => new FunctionCount(s.Key.Item1, s.Key.Item2, s.Value))
            .OrderByDescending(f => f.Instructions).ThenBy(f => f.Kernel).ThenBy(f => f.Function, StringComparer.Ordinal).ToList();
        return new WindowProfile(window, functions, total);
    }
}

/// <summary>A kernel image's functions at the address it was loaded (its link address plus bias), for attribution.</summary>
public sealed class FunctionSymbols
{
    private readonly ulong[] _starts;
    private readonly ulong[] _ends;
    private readonly string[] _names;

    /// <summary>Functions as [start, end) ranges with their symbols, in any order; they must not overlap.</summary>
    public FunctionSymbols(IEnumerable<(ulong Start, ulong End, string Symbol)> functions)
    {
        var sorted = functions.OrderBy(f => f.Start).ToList();
        _starts = sorted.Select(f => f.Start).ToArray();
        _ends = sorted.Select(f => f.End).ToArray();
        _names = sorted.Select(f => Readable(f.Symbol)).ToArray();
    }

    /// <summary>
    /// An image's functions and untyped code labels (assembly stubs have no type) in executable sections, loaded bias
    /// bytes above their link addresses: each runs to its size, or else to the next one or its section's end.
    /// </summary>
    public static FunctionSymbols Read(string path, ulong bias)
    {
        ElfFile elf = ElfFile.Read(path);
        var code = elf.Symbols
            .Where(s => s.Value != 0 && s.Name.Length > 0 && s.Type is ElfSymbolType.Function or ElfSymbolType.NoType
                && s.SectionIndex < elf.Sections.Count && elf.Sections[s.SectionIndex].IsExecutable)
            .GroupBy(s => s.Value).Select(g => g.OrderByDescending(s => s.Type).First()).OrderBy(s => s.Value).ToList();
        var functions = new List<(ulong, ulong, string)>(code.Count);
        for (int i = 0; i < code.Count; i++)
        {
            ElfSection section = elf.Sections[code[i].SectionIndex];
            ulong end = section.Address + section.Size;
            if (i + 1 < code.Count) end = Math.Min(end, code[i + 1].Value);
            if (code[i].Size != 0) end = Math.Min(end, code[i].Value + code[i].Size);
            functions.Add((code[i].Value + bias, end + bias, code[i].Name));
        }
        return new FunctionSymbols(functions);
    }

    /// <summary>The function containing address, or null (outside the image).</summary>
    public string? FunctionAt(ulong address)
    {
        int index = Array.BinarySearch(_starts, address);
        if (index < 0) index = ~index - 1;
        return index >= 0 && address < _ends[index] ? _names[index] : null;
    }

    /// <summary>
    /// ILC's symbol for a method, readable: "Helios_Channels_Helios_Channels_Channel__Send" (assembly, namespace and
    /// type, then the method) becomes "Helios.Channels.Channel.Send". Other symbols stay as they are.
    /// </summary>
    public static string Readable(string symbol)
    {
        int method = symbol.IndexOf("__", StringComparison.Ordinal);
        if (method <= 0) return symbol;
        string owner = symbol[..method];
        // The assembly's name comes first, then the namespace repeats it: drop the first copy.
        for (int cut = owner.IndexOf('_'); cut > 0; cut = owner.IndexOf('_', cut + 1))
        {
            string assembly = owner[..cut];
            if (owner.Length > 2 * cut + 1 && owner.AsSpan(cut + 1).StartsWith(assembly + "_", StringComparison.Ordinal))
            {
                owner = owner[(cut + 1)..];
                break;
            }
        }
        return owner.Replace('_', '.') + "." + symbol[(method + 2)..];
    }
}
