// The NUMA shape of a QEMU machine (--topology, docs/multikernel.md): single is the machine Helios always booted
// (no -numa; -smp and -m as given); numa<N> is N nodes of one CPU each, numa<D>x<C> D nodes of C CPUs. Each node gets
// a memory backend and an equal share of the RAM, which QEMU's firmware describes to the kernel (ACPI SRAT on x86_64,
// numa-node-id in arm64's device tree), so the kernel sees one NUMA domain per node.
using System.Globalization;

namespace Helios.Tooling.Qemu;

public sealed record QemuTopology
{
    /// <summary>QEMU's own limit on -numa nodes (MAX_NODES).</summary>
    public const int MaximumNodes = 128;

    /// <summary>
    /// RAM a node gets by default: a node must hold a kernel, and node 0 the coordinator's image, its 32 MiB early heap
    /// and room to run (about 96 MiB); satellites are meant to run in 32 to 64 MiB, so 128 MiB leaves every kernel
    /// room and keeps node boundaries on round addresses. numa2 boots with 256 MiB, numa4 with 512 MiB.
    /// </summary>
    public const int DefaultNodeMiB = 128;

    /// <summary>The least RAM a node may have with --mem: the smallest domain a satellite is meant to run in.</summary>
    public const int MinimumNodeMiB = 32;

    public static readonly QemuTopology Single = new(0, 0);

    private QemuTopology(int nodes, int cpusPerNode)
    {
        Nodes = nodes;
        CpusPerNode = cpusPerNode;
    }

    /// <summary>nodes NUMA nodes of cpusPerNode CPUs each.</summary>
    public static QemuTopology Numa(int nodes, int cpusPerNode)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(nodes, 1);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(nodes, MaximumNodes);
        ArgumentOutOfRangeException.ThrowIfLessThan(cpusPerNode, 1);
        return new QemuTopology(nodes, cpusPerNode);
    }

    /// <summary>-numa nodes (0 for single, which has none).</summary>
    public int Nodes { get; }

    public int CpusPerNode { get; }

    public bool IsSingle => Nodes == 0;

    /// <summary>The machine's CPUs (single: whatever --smp says, so 0 here).</summary>
    public int Cpus => Nodes * CpusPerNode;

    /// <summary>How users write it: single, numa4, numa2x2.</summary>
    public string Name => IsSingle ? "single" : CpusPerNode == 1 ? $"numa{Nodes}" : $"numa{Nodes}x{CpusPerNode}";

    public override string ToString() => Name;

    /// <summary>The RAM a topology boots with when --mem is not given (single: null, the command's own default).</summary>
    public int? DefaultMemoryMiB => IsSingle ? null : Nodes * DefaultNodeMiB;

    /// <summary>Parses single, numa&lt;N&gt; or numa&lt;D&gt;x&lt;C&gt;; null with the reason when the text is none of them.</summary>
    public static QemuTopology? Parse(string text, out string? error)
    {
        error = null;
        if (text == "single") return Single;
        string usage = $"'{text}' is not a topology; use single, numa<N> (N nodes of one CPU) or numa<D>x<C> (D nodes of C CPUs), e.g. numa2, numa4, numa2x2.";
        if (!text.StartsWith("numa", StringComparison.Ordinal))
        {
            error = usage;
            return null;
        }
        string[] parts = text[4..].Split('x');
        if (parts.Length > 2 || !TryCount(parts[0], out int nodes) || !TryCount(parts.Length == 2 ? parts[1] : "1", out int cpusPerNode))
        {
            error = usage;
            return null;
        }
        if (nodes > MaximumNodes)
        {
            error = $"'{text}' has {nodes} nodes; QEMU allows at most {MaximumNodes}.";
            return null;
        }
        return new QemuTopology(nodes, cpusPerNode);
    }

    // A positive count in plain decimal digits (no sign, no leading zero), small enough to multiply safely.
    private static bool TryCount(string digits, out int value)
    {
        value = 0;
        return digits.Length is > 0 and <= 4 && digits[0] != '0' && digits.All(char.IsAsciiDigit)
            && int.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out value);
    }

    /// <summary>
    /// The most CPUs a machine of the ISA may have: x86_64's q35 addresses 255 with xAPIC ids (more need x2APIC and an
    /// IOMMU); arm64's virt has 8 with the GICv2 the kernel drives.
    /// </summary>
    public static int MaximumCpus(Isa isa) => isa == Isa.X86_64 ? 255 : 8;

    /// <summary>Why this topology cannot boot with this much RAM on this ISA, or null when it can.</summary>
    public string? Check(Isa isa, int memoryMiB)
    {
        if (IsSingle) return null;
        if (Cpus > MaximumCpus(isa))
            return $"{Name} has {Cpus} CPUs; {isa.Name()}'s machine takes at most {MaximumCpus(isa)}.";
        int[] sizes = NodeMemoryMiB(memoryMiB);
        if (sizes[^1] < MinimumNodeMiB)
            return $"{memoryMiB}M split over {Name}'s {Nodes} nodes gives {sizes[^1]}M a node; each needs at least {MinimumNodeMiB}M.";
        if (sizes[0] < QemuOptions.MinimumMemoryMiB(isa))
            return $"{memoryMiB}M split over {Name}'s {Nodes} nodes gives node 0 {sizes[0]}M; on {isa.Name()} it needs at least "
                   + $"{QemuOptions.MinimumMemoryMiB(isa)}M (the kernel image, its early heap and the boot bundle).";
        return null;
    }

    /// <summary>RAM per node in MiB: an equal share each, what does not divide evenly to node 0 (the coordinator's).</summary>
    public int[] NodeMemoryMiB(int memoryMiB)
    {
        if (IsSingle) return [memoryMiB];
        var sizes = new int[Nodes];
        Array.Fill(sizes, memoryMiB / Nodes);
        sizes[0] += memoryMiB % Nodes;
        return sizes;
    }

    /// <summary>
    /// The -object and -numa arguments: node i has backend m&lt;i&gt; and CPUs i×C to i×C+C-1 (QEMU's CPU indexes, which are
    /// also the APIC ids of q35 and the MPIDR order of virt). Nothing for single.
    /// </summary>
    public IReadOnlyList<string> Arguments(int memoryMiB)
    {
        var args = new List<string>();
        if (IsSingle) return args;
        int[] sizes = NodeMemoryMiB(memoryMiB);
        for (int node = 0; node < Nodes; node++)
        {
            int first = node * CpusPerNode, last = first + CpusPerNode - 1;
            args.AddRange(["-object", $"memory-backend-ram,id=m{node},size={sizes[node]}M"]);
            args.AddRange(["-numa", $"node,nodeid={node},cpus={first}-{last},memdev=m{node}"]);
        }
        return args;
    }
}
