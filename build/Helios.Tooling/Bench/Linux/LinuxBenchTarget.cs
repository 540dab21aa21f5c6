// What differs per ISA on the Linux side: Debian's architecture and kernel flavour, the cross compiler, the console.
namespace Helios.Tooling.Bench.Linux;

public sealed record LinuxBenchTarget(Isa Isa, string DebianArch, string CompilerPrefix, string Console)
{
    public static LinuxBenchTarget For(Isa isa) => isa == Isa.X86_64
        ? new LinuxBenchTarget(isa, "amd64", "", "ttyS0")
        : new LinuxBenchTarget(isa, "arm64", "aarch64-linux-gnu-", "ttyAMA0");

    /// <summary>Debian's metapackage that always depends on the current kernel of the flavour: linux-image-amd64.</summary>
    public string Metapackage => $"linux-image-{DebianArch}";

    /// <summary>A package name as apt takes it for this architecture (arm64 is a foreign one on an amd64 host).</summary>
    public string Qualified(string package) => $"{package}:{DebianArch}";

    public string Gcc => CompilerPrefix + "gcc";

    public string Gxx => CompilerPrefix + "g++";

    /// <summary>
    /// The kernel command line before the benchmark's own arguments. maxcpus=1: QEMU has 2 CPUs (the benchmark
    /// machine) but Linux brings up only the one every case is pinned to, because under -icount all CPUs share one
    /// instruction clock (work on the other CPU would be charged to the case) and because Debian's x86_64 kernel never
    /// finishes bringing up its second CPU under -icount in QEMU 7.2 (docs/benchmarking.md). quiet keeps boot
    /// messages off the console the results are read from; panic=-1 turns a panic into a reset, which -no-reboot
    /// turns into QEMU exiting, so a broken guest ends at once instead of hanging until the timeout.
    /// </summary>
    public string KernelArguments => $"console={Console} quiet panic=-1 maxcpus=1";
}
