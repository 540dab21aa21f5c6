// One QEMU run of a Helios image: the machine (per ISA), its size, the kernel command line and how long to wait.
using Helios.Tooling.Elf;

namespace Helios.Tooling.Qemu;

public sealed record QemuOptions(Isa Isa, string Image)
{
    /// <summary>
    /// The least memory an image boots in. Each linker script puts a 32 MiB early heap right after the image: on x86_64
    /// the image starts at 1 MiB and q35 keeps the top 128 KiB of RAM for firmware; on arm64 it starts 2 MiB into RAM
    /// (the device tree comes first). Today the heap ends near 36 MiB on both, and the boot bundle (12 MiB on arm64)
    /// goes at the top of RAM above it (tests/Helios.Tests/Cli/MemoryLimitTests checks that every image fits with its
    /// bundle; LayoutError refuses a boot where they would overlap).
    /// </summary>
    public static int MinimumMemoryMiB(Isa isa) => isa switch
    {
        Isa.X86_64 => 64,
        Isa.Arm64 => 64,
        _ => throw new ArgumentOutOfRangeException(nameof(isa)),
    };

    /// <summary>The most memory Helios takes (QEMU also needs the host to be able to reserve it).</summary>
    public const int MaximumMemoryMiB = 64 * 1024;

    /// <summary>-smp: with a NUMA topology, must be the topology's CPU count (WithTopology sets both).</summary>
    public int Cpus { get; init; } = 2;

    /// <summary>-m: with a NUMA topology, split evenly between its nodes (QemuTopology.NodeMemoryMiB).</summary>
    public int MemoryMiB { get; init; } = 128;

    /// <summary>The machine's NUMA nodes (QemuTopology): single, the default, adds nothing to the command line.</summary>
    public QemuTopology Topology { get; init; } = QemuTopology.Single;

    /// <summary>
    /// These options on a topology's machine: its CPUs, and memoryMiB (--mem) or else the topology's default RAM
    /// (QemuTopology.DefaultNodeMiB a node: numa2 256 MiB, numa4 512 MiB); single keeps Cpus and, without memoryMiB,
    /// MemoryMiB as they are. A NUMA machine also gets the image's satellite link, so that the kernel boots as a
    /// coordinator with one satellite kernel per other node (docs/multikernel.md).
    /// </summary>
    public QemuOptions WithTopology(QemuTopology topology, int? memoryMiB = null) => this with
    {
        Topology = topology,
        Cpus = topology.IsSingle ? Cpus : topology.Cpus,
        MemoryMiB = memoryMiB ?? topology.DefaultMemoryMiB ?? MemoryMiB,
        SatelliteImage = topology.IsSingle ? null : RepoPaths.SatelliteBeside(Image),
    };

    public string KernelArguments { get; init; } = "";

    /// <summary>
    /// How long the guest may run before it counts as hung and is killed: from QEMU's start, or, with
    /// <see cref="TimeoutFrom"/>, from the last console line that contains that marker.
    /// </summary>
    public TimeSpan Timeout { get; init; } = TimeSpan.FromSeconds(60);

    /// <summary>
    /// A console marker (the test runner's "HTEST run "): when set, Timeout counts from the last line containing it,
    /// so that a slow, loaded host makes a run longer but never makes a test time out before the guest reached it.
    /// Until the first such line the guest has <see cref="StartupTimeout"/>.
    /// </summary>
    public string? TimeoutFrom { get; init; }

    /// <summary>With <see cref="TimeoutFrom"/>: how long the guest may take to reach the first marker (to boot).</summary>
    public TimeSpan StartupTimeout { get; init; } = TimeSpan.FromSeconds(300);

    /// <summary>-icount shift=0,sleep=off: one virtual tick per guest instruction, repeatable timing.</summary>
    public bool DeterministicTiming { get; init; }

    /// <summary>-seed: QEMU's own random numbers (arm64's device tree carries a kaslr-seed and an rng-seed from them).</summary>
    public long? Seed { get; init; }

    /// <summary>
    /// -rtc base=...,clock=vm: the real-time clock starts at this date and follows the virtual clock, so a guest that
    /// reads the date (Linux does, and mixes it into its random pool) sees the same one on every run.
    /// </summary>
    public DateTimeOffset? FixedClock { get; init; }

    /// <summary>-initrd: an initial RAM file system (the Linux comparison's cpio archive).</summary>
    public string? Initrd { get; init; }

    /// <summary>
    /// The boot bundle (apps and manifests), placed in guest RAM by QEMU's loader device at BundleAddress; the command
    /// line gets "bundle=address,length" so the kernel finds it (RepoPaths.BundleBeside finds the build's).
    /// </summary>
    public string? Bundle { get; init; }

    /// <summary>
    /// What q35's firmware keeps at the top of the RAM below 4 GiB: 128 KiB, and more when SeaBIOS finds a virtio-blk
    /// disk and builds its tables for it there (256 KiB measured with one disk; 512 KiB leaves a margin).
    /// </summary>
    public ulong FirmwareReservedKiB => Disk is null ? 128UL : 512UL;

    /// <summary>
    /// Where the bundle goes: at the very top of the RAM below 4 GiB (on x86_64 below what q35's firmware keeps there,
    /// <see cref="FirmwareReservedKiB"/>), page aligned, so that the kernel's free memory stays one run below it.
    /// </summary>
    public ulong BundleAddress(long bundleBytes)
    {
        ulong top = Isa == Isa.X86_64 ? LowRamTop - (FirmwareReservedKiB << 10) : LowRamTop;
        return Below(top, bundleBytes);
    }

    // q35 keeps RAM below 4 GiB only up to 2 GiB when it has 2.75 GiB or more; the rest goes above 4 GiB.
    private ulong LowRamTop => RamBase + ((Isa == Isa.X86_64 && MemoryMiB >= 2816 ? 2048UL : (ulong)MemoryMiB) << 20);

    /// <summary>
    /// Where SeaBIOS works before the kernel runs on x86_64, whatever QEMU's loader put there: it wrote 33 pages just
    /// below 16 MiB under the top of the RAM below 4 GiB (measured with 256 MiB and 512 MiB: a satellite image loaded
    /// there arrived with part of its relocation table overwritten). A megabyte either side leaves a margin.
    /// </summary>
    public (ulong Start, ulong End) FirmwareScratch
        => Isa == Isa.X86_64 ? (LowRamTop - (17UL << 20), LowRamTop - (15UL << 20)) : (0, 0);

    // The page-aligned place for bytes ending at or below end, below the firmware's scratch when they would meet it.
    private ulong Below(ulong end, long bytes)
    {
        ulong at = (end - (ulong)bytes) & ~4095UL;
        (ulong start, ulong scratchEnd) = FirmwareScratch;
        if (at < scratchEnd && at + (ulong)bytes > start) at = start > (ulong)bytes ? (start - (ulong)bytes) & ~4095UL : 0;
        return at;
    }

    /// <summary>
    /// The satellite kernel image (docs/multikernel.md), placed in guest RAM by QEMU's loader device just below the
    /// bundle; the command line gets "satellite=address,length", and the coordinator starts a copy of it on every other
    /// NUMA domain. Null: one kernel, whatever the machine's domains.
    /// </summary>
    public string? SatelliteImage { get; init; }

    /// <summary>
    /// Where the satellite image goes: the pages just below the bundle (or where the bundle would go), or below the
    /// firmware's scratch when it would meet it.
    /// </summary>
    public ulong SatelliteAddress(long satelliteBytes)
    {
        long bundleBytes = Bundle is null ? 0 : new FileInfo(Bundle).Length;
        return Below(BundleAddress(bundleBytes), satelliteBytes);
    }

    /// <summary>
    /// Why this boot cannot work, or null: QEMU's loader would put the bundle or the satellite image on top of the kernel
    /// image or its early heap (QEMU itself only says "Some ROM regions are overlapping"), because --mem is too small
    /// for what this build bundles. The answer says how much memory it does need.
    /// </summary>
    public string? LayoutError()
    {
        if (Bundle is null && SatelliteImage is null) return null;
        ElfFile elf;
        try { elf = ElfFile.Read(Image); }
        catch (Exception e) when (e is IOException or InvalidDataException) { return null; }
        ulong imageEnd = elf.Segments.Where(s => s.Type == ElfSegment.Load).Max(s => s.VirtualAddress + s.MemorySize);
        long bundleBytes = Bundle is null ? 0 : new FileInfo(Bundle).Length;
        long satelliteBytes = SatelliteImage is null ? 0 : new FileInfo(SatelliteImage).Length;
        ulong lowest = SatelliteImage is null ? BundleAddress(bundleBytes) : SatelliteAddress(satelliteBytes);
        if (lowest >= imageEnd) return null;
        ulong shortMiB = (imageEnd - lowest + (1UL << 20) - 1) >> 20;
        string what = SatelliteImage is null ? $"the boot bundle ({bundleBytes >> 10} KiB)"
            : $"the boot bundle ({bundleBytes >> 10} KiB) and the satellite image ({satelliteBytes >> 10} KiB)";
        return $"--mem {MemoryMiB}M is too little for this build: {Path.GetFileName(Image)} and its early heap end "
               + $"{(imageEnd - RamBase) >> 10} KiB into RAM, and {what} would overlap them; use --mem {MemoryMiB + (long)shortMiB}M or more.";
    }

    /// <summary>Where guest RAM starts: 0 on q35, 1 GiB on virt.</summary>
    private ulong RamBase => Isa == Isa.X86_64 ? 0UL : 0x4000_0000UL;

    /// <summary>The kernel's option for how long a satellite's heartbeat may stop, in ms (docs/multikernel.md).</summary>
    public const string SatelliteTimeoutOption = "satellite.timeout=";

    /// <summary>The environment variable that, when set, gives machines booted without -icount that timeout (ms).</summary>
    public const string SatelliteTimeoutVariable = "HELIOS_SATELLITE_TIMEOUT_MS";

    /// <summary>The command line the kernel sees: KernelArguments, and where the bundle and the satellite image are.</summary>
    public string EffectiveKernelArguments
    {
        get
        {
            var words = new List<string>();
            if (KernelArguments.Length > 0) words.Add(KernelArguments);
            // Under -icount, QEMU 7.2's round-robin vCPU loop was seen to leave an x86_64 satellite's vCPU unscheduled
            // for seconds of host time while the coordinator ran (k1 frozen at an interrupt's entry, registers unchanged
            // for 3 s, running on as soon as k0 waited for it). Its heartbeat stops meanwhile, so unless the caller
            // chose a timeout, the satellite watch gets the longest it takes.
            // A test suite on a loaded host sets SatelliteTimeoutVariable instead, for every machine it boots, the
            // helios command's included: a vCPU's thread left unscheduled for the kernel's 500 ms must not fail a test.
            if (SatelliteImage is not null && !KernelArguments.Contains(SatelliteTimeoutOption, StringComparison.Ordinal))
            {
                if (DeterministicTiming) words.Add(SatelliteTimeoutOption + "60000");
                else if (int.TryParse(Environment.GetEnvironmentVariable(SatelliteTimeoutVariable), out int ms) && ms > 0)
                    words.Add(SatelliteTimeoutOption + ms.ToString(System.Globalization.CultureInfo.InvariantCulture));
            }
            if (Bundle is not null)
            {
                long length = new FileInfo(Bundle).Length;
                words.Add($"bundle=0x{BundleAddress(length):x},{length}");
            }
            if (SatelliteImage is not null)
            {
                long length = new FileInfo(SatelliteImage).Length;
                words.Add($"satellite=0x{SatelliteAddress(length):x},{length}");
            }
            return string.Join(" ", words);
        }
    }

    /// <summary>
    /// Bytes for the guest's serial console input (./helios boot --run gives the host's stdin), sent once a console
    /// line contains InputAfter (the guest is ready for them: bytes a UART gets before the kernel sets it up are
    /// lost), then EndOfInput when the stream ends. Null: the guest's input is closed at once.
    /// </summary>
    public Stream? Input { get; init; }

    /// <summary>The console text after which Input is sent (null: at once).</summary>
    public string? InputAfter { get; init; }

    /// <summary>End of transmission (^D): the kernel's console input ends the app's stdin there (ConsoleInput.cs).</summary>
    public const byte EndOfInput = 0x04;

    /// <summary>
    /// A raw disk image attached as a virtio-blk PCI device (modern virtio 1.x only: legacy disabled), on q35's PCIe
    /// root bus on x86_64 and on virt's PCIe host bridge on arm64; the guest's writes reach the file.
    /// </summary>
    public string? Disk { get; init; }

    /// <summary>The -drive and -device arguments for <see cref="Disk"/> (a comma in the path is doubled, QEMU's escape).</summary>
    public static IReadOnlyList<string> DiskArguments(string disk) =>
    [
        "-drive", $"file={disk.Replace(",", ",,")},format=raw,if=none,id=disk0,cache=writeback",
        "-device", "virtio-blk-pci,drive=disk0,disable-legacy=on,disable-modern=off",
    ];

    /// <summary>Start QEMU's gdb server on this TCP port and wait for a debugger before the first instruction.</summary>
    public int? GdbPort { get; init; }

    /// <summary>A TCG plugin and its arguments, as -plugin takes them (bench --profile: Profiling/ProfilerPlugin.cs).</summary>
    public string? Plugin { get; init; }

    /// <summary>The QEMU program for the ISA.</summary>
    public string Program => Isa == Isa.X86_64 ? "qemu-system-x86_64" : "qemu-system-aarch64";

    /// <summary>The arguments, machine first. Both machines exit through a device the kernel writes its status to.</summary>
    public IReadOnlyList<string> Arguments()
    {
        var args = new List<string>();
        if (Isa == Isa.X86_64)
        {
            // q35 with a Nehalem CPU: the x86-64-v2 baseline ilc compiles for (SSE4.2, POPCNT), nothing newer.
            args.AddRange(["-M", "q35", "-cpu", "Nehalem", "-device", "isa-debug-exit,iobase=0xf4,iosize=0x04"]);
        }
        else
        {
            args.AddRange(["-M", "virt", "-cpu", "cortex-a72", "-semihosting-config", "enable=on,target=native"]);
        }
        if (!Topology.IsSingle && Cpus != Topology.Cpus)
            throw new InvalidOperationException($"QemuOptions: -smp {Cpus} disagrees with topology {Topology.Name}, which has {Topology.Cpus} CPUs (use WithTopology)");
        args.AddRange(["-accel", "tcg", "-smp", Cpus.ToString(), "-m", $"{MemoryMiB}M"]);
        args.AddRange(Topology.Arguments(MemoryMiB));
        args.AddRange(["-nodefaults", "-display", "none", "-serial", "stdio", "-monitor", "none", "-no-reboot"]);
        if (DeterministicTiming) args.AddRange(["-icount", "shift=0,sleep=off"]);
        if (Seed is long seed) args.AddRange(["-seed", seed.ToString()]);
        if (FixedClock is DateTimeOffset clock) args.AddRange(["-rtc", $"base={clock.UtcDateTime:yyyy-MM-ddTHH:mm:ss},clock=vm"]);
        if (GdbPort is int port) args.AddRange(["-gdb", $"tcp::{port}", "-S"]);
        if (Plugin is not null) args.AddRange(["-plugin", "file=" + Plugin]);
        args.AddRange(["-kernel", Image]);
        if (Initrd is not null) args.AddRange(["-initrd", Initrd]);
        if (Disk is not null) args.AddRange(DiskArguments(Disk));
        if (Bundle is not null) args.AddRange(["-device", $"loader,file={Bundle},addr=0x{BundleAddress(new FileInfo(Bundle).Length):x},force-raw=on"]);
        if (SatelliteImage is not null) args.AddRange(["-device", $"loader,file={SatelliteImage},addr=0x{SatelliteAddress(new FileInfo(SatelliteImage).Length):x},force-raw=on"]);
        string kernelArguments = EffectiveKernelArguments;
        if (kernelArguments.Length > 0) args.AddRange(["-append", kernelArguments]);
        return args;
    }

    public string CommandLine => Program + " " + string.Join(" ", Arguments().Select(a => a.Contains(' ') ? "\"" + a + "\"" : a));
}
