// Runs the in-kernel tests of one ISA: one boot for every ordinary test, then one boot per test that expects a panic
// (it must end the kernel with a panic report containing the expected text), then one boot with four CPUs for the
// multiprocessor tests (category "smp"), all on the machine --topology names.
// Ordinary tests run under -icount: time then follows the instructions executed, so rates, timeouts and fairness are
// checked against a clock that the host's load cannot disturb, and every run repeats exactly. The multiprocessor
// boot runs without it: under -icount QEMU runs the CPUs one after the other, in slices of 100 ms of virtual time,
// which would hide the very concurrency those tests are about (and take ages to hand work between CPUs).
using Helios.Testing;
using Helios.Tooling.Qemu;

namespace Helios.Tooling.Testing;

public sealed class KernelTestSession
{
    public const int DefaultCpus = 2;
    public const int SmpCpus = 4;
    public const int MemoryMiB = 128;

    /// <summary>Selects the multiprocessor tests (tests/Kernel/Kernel/SmpTests.cs).</summary>
    public const string SmpFilter = "Smp.*";

    private readonly RepoPaths _paths;
    private readonly string _configuration;

    /// <summary>A session on the test images of one build configuration (Debug, Release).</summary>
    public KernelTestSession(RepoPaths paths, string configuration)
    {
        _paths = paths;
        _configuration = configuration;
    }

    /// <summary>
    /// How long one test may run, counted from the runner's "HTEST run" line for it (not from QEMU's start: a loaded
    /// host slows the boot, and that must never fail a test). It only catches hangs, so it is generous.
    /// </summary>
    public TimeSpan Timeout { get; init; } = TimeSpan.FromSeconds(600);

    /// <summary>How long the guest may take to boot and reach its first test (hangs before any test).</summary>
    public TimeSpan StartupTimeout { get; init; } = TimeSpan.FromSeconds(300);

    /// <summary>CPUs of a single machine; a NUMA topology brings its own.</summary>
    public int Cpus { get; init; } = DefaultCpus;

    /// <summary>The machine's NUMA nodes (--topology): single by default; numa2 boots with 2 CPUs and 256 MiB, and so on.</summary>
    public QemuTopology Topology { get; init; } = QemuTopology.Single;

    /// <summary>-icount shift=0,sleep=off (true for all but the multiprocessor boot).</summary>
    public bool DeterministicTiming { get; init; } = true;

    /// <summary>
    /// What the tests are told to expect about the machine they run on (BootTests, SmpTests, MultikernelTests): on a NUMA
    /// topology also the machine's memory and nodes, and each kernel's CPUs (a single machine's line stays as it was).
    /// </summary>
    public string Expectations(Isa isa) => Topology.IsSingle
        ? $"expect.cpus={Cpus} expect.isa={isa.Name()}"
        : $"expect.cpus={Topology.Cpus} expect.isa={isa.Name()} expect.mem={Topology.DefaultMemoryMiB} expect.domains={Topology.Nodes} expect.kernelcpus={Topology.CpusPerNode}";

    /// <summary>
    /// How many kernels the machine runs: one per node on a NUMA topology (the coordinator starts a satellite kernel on
    /// every other node, docs/multikernel.md), each reporting its own tests.
    /// </summary>
    public int Kernels => Topology.IsSingle ? 1 : Topology.Nodes;

    /// <summary>
    /// On a NUMA topology, how long a satellite's heartbeat may stop before the coordinator declares it dead
    /// ("satellite.timeout=", docs/multikernel.md). The kernel's 500 ms is for a machine; a loaded host can leave a
    /// vCPU's thread unscheduled that long, and load must never fail a test, so tests allow 10 s unless they test
    /// the watch itself.
    /// </summary>
    public int SatelliteTimeoutMilliseconds { get; init; } = 10_000;

    public QemuOptions Options(Isa isa, string? filter) => new QemuOptions(isa, _paths.Image(_configuration, isa, RepoPaths.KernelTestImage))
    {
        Bundle = RepoPaths.BundleBeside(_paths.Image(_configuration, isa, RepoPaths.KernelTestImage)),
        Cpus = Cpus,
        MemoryMiB = MemoryMiB,
        KernelArguments = Expectations(isa) + (filter is null ? "" : " test=" + filter)
                          + (Topology.IsSingle ? "" : " " + QemuOptions.SatelliteTimeoutOption + SatelliteTimeoutMilliseconds.ToString()),
        Timeout = Timeout,
        TimeoutFrom = TestProtocol.Prefix + TestProtocol.Run + " ",
        StartupTimeout = StartupTimeout,
        DeterministicTiming = DeterministicTiming,
    }.WithTopology(Topology);

    /// <summary>
    /// Whether a single machine's boot gets a scratch disk: a raw image (<see cref="ScratchDiskPattern"/>) of <see cref="ScratchDiskMiB"/> attached
    /// as a virtio-blk PCI device, made for the boot and deleted after it, which the PCI tests (tests/Kernel/Kernel/PciTests.cs)
    /// look for when the command line says "expect.disk=virtio-blk".
    /// </summary>
    public bool ScratchDisk { get; init; } = true;

    public const int ScratchDiskMiB = 4;

    /// <summary>
    /// A disk image of the caller's to attach instead of the scratch disk, kept after the boot so the caller can check
    /// it (the file system tests, tests/Kernel/Processes/DiskFileSystemTests.cs); the command line then says
    /// "expect.disk=" and <see cref="DiskKind"/>.
    /// </summary>
    public string? DiskImage { get; init; }

    /// <summary>What <see cref="DiskImage"/> holds, as the tests that use it look for it ("fat32").</summary>
    public string DiskKind { get; init; } = "fat32";

    /// <summary>What the scratch disk holds: sector n starts with n as a little-endian u64, then bytes of n*7+1
    /// (the virtio-blk driver's test checks what it reads against this).</summary>
    public static byte[] ScratchDiskPattern()
    {
        var disk = new byte[ScratchDiskMiB << 20];
        for (int sector = 0; sector < disk.Length / 512; sector++)
        {
            Span<byte> bytes = disk.AsSpan(sector * 512, 512);
            bytes.Fill((byte)(sector * 7 + 1));
            System.Buffers.Binary.BinaryPrimitives.WriteUInt64LittleEndian(bytes, (ulong)sector);
        }
        return disk;
    }

    /// <summary>Boots the test image once; filter selects tests (a name or a prefix ending in '*').</summary>
    public async Task<TestRunReport> RunAsync(Isa isa, string? filter = null, Action<string>? onLine = null, CancellationToken cancellation = default)
    {
        QemuOptions options = Options(isa, filter);
        if (DiskImage is not null)
        {
            options = options with { Disk = DiskImage, KernelArguments = options.KernelArguments + " expect.disk=" + DiskKind };
            return TestRunParser.Parse(isa, await QemuRunner.RunAsync(options, onLine, cancellation), Kernels);
        }
        if (!ScratchDisk || !Topology.IsSingle)
            return TestRunParser.Parse(isa, await QemuRunner.RunAsync(options, onLine, cancellation), Kernels);
        // One file per boot: QEMU locks its image, and the ISAs' sessions run side by side.
        string disk = Path.Combine(Path.GetTempPath(), $"helios-test-disk-{Guid.NewGuid():N}.img");
        try
        {
            File.WriteAllBytes(disk, ScratchDiskPattern());
            options = options with { Disk = disk, KernelArguments = options.KernelArguments + " expect.disk=virtio-blk" };
            return TestRunParser.Parse(isa, await QemuRunner.RunAsync(options, onLine, cancellation), Kernels);
        }
        finally
        {
            File.Delete(disk);
        }
    }

    /// <summary>Runs a test that expects a panic, in a boot of its own: the runner runs it when named exactly.</summary>
    public async Task<InKernelTestResult> RunDeferredAsync(InKernelTestResult deferred, CancellationToken cancellation = default)
    {
        TestRunReport report = await RunAsync(deferred.Isa, deferred.Name, null, cancellation);
        InKernelTestResult? own = report.Results.FirstOrDefault(r => r.Name == deferred.Name);
        return own ?? deferred with { Status = InKernelTestStatus.Failed, Message = "the test did not run: " + report.Run.Summary };
    }

    /// <summary>
    /// Every selected test of an ISA, deferred ones included, and (without a filter) the multiprocessor tests in their
    /// own boot; the report tells whether the main boot held up.
    /// </summary>
    public async Task<(IReadOnlyList<InKernelTestResult> Results, TestRunReport MainRun)> RunAllAsync(Isa isa, string? filter = null,
        Action<InKernelTestResult>? onResult = null, CancellationToken cancellation = default)
    {
        TestRunReport main = await RunAsync(isa, filter, null, cancellation);
        var results = new List<InKernelTestResult>();
        foreach (InKernelTestResult result in main.Results)
        {
            InKernelTestResult final = result.Status == InKernelTestStatus.Deferred ? await RunDeferredAsync(result, cancellation) : result;
            results.Add(final);
            onResult?.Invoke(final);
        }
        // The multiprocessor boot is a single kernel's (a multikernel machine's kernels have a domain's CPUs each).
        if (filter is null && Topology.IsSingle)
        {
            var smp = new KernelTestSession(_paths, _configuration) { Timeout = Timeout, StartupTimeout = StartupTimeout, Cpus = SmpCpus, DeterministicTiming = false };
            TestRunReport smpRun = await smp.RunAsync(isa, SmpFilter, null, cancellation);
            foreach (InKernelTestResult result in smpRun.Results)
            {
                results.Add(result);
                onResult?.Invoke(result);
            }
            if (smpRun.Problem is not null)
            {
                var failed = new InKernelTestResult(isa, "(smp boot)", InKernelTestStatus.Crashed, smpRun.Problem, null, null);
                results.Add(failed);
                onResult?.Invoke(failed);
            }
        }
        return (results, main);
    }
}
