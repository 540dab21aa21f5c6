// The one QEMU configuration every benchmark runs in, Helios's and Linux's alike (docs/benchmarking.md): the ISA's
// machine and CPU model, 2 CPUs, 512 MiB, -icount shift=0,sleep=off, a fixed -seed and a fixed real-time clock, no
// network (-nodefaults), the serial console. Figures from two runs of the same image are identical.
namespace Helios.Tooling.Qemu;

public static class BenchmarkMachine
{
    public const int Cpus = 2;

    /// <summary>What Debian's kernel needs comfortably; Helios uses the same so neither side has more room.</summary>
    public const int MemoryMiB = 512;

    public const long Seed = 1;

    /// <summary>The file system benchmark's disk, both sides: a fresh FAT32 image of this size per run.</summary>
    public const int FsDiskMiB = 64;

    /// <summary>The date the guest's real-time clock starts at.</summary>
    public static readonly DateTimeOffset Clock = new(2025, 1, 1, 0, 0, 0, TimeSpan.Zero);

    /// <summary>
    /// The benchmark configuration for an image; callers add the kernel command line, initrd and timeout. On a NUMA
    /// topology (the satellite benchmarks), its CPUs and at least MemoryMiB, at least the topology's default: numa2
    /// and numa4 keep 512 MiB.
    /// </summary>
    public static QemuOptions Options(Isa isa, string image, QemuTopology? topology = null) => new QemuOptions(isa, image)
    {
        Bundle = RepoPaths.BundleBeside(image),
        Cpus = Cpus,
        MemoryMiB = MemoryMiB,
        DeterministicTiming = true,
        Seed = Seed,
        FixedClock = Clock,
    }.WithTopology(topology ?? QemuTopology.Single, Math.Max(MemoryMiB, topology?.DefaultMemoryMiB ?? 0));
}
