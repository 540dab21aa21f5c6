// The result of one in-kernel test on one ISA, as the host harness reports it.
namespace Helios.Tooling.Testing;

public enum InKernelTestStatus
{
    Passed,
    Failed,
    /// <summary>Started but never finished: the kernel panicked, died or hung inside it.</summary>
    Crashed,
    /// <summary>Needs a boot of its own (it expects a panic); not run yet.</summary>
    Deferred,
}

/// <param name="Ticks">How long a passed test ran, in ticks of the ISA's free-running counter (TickUnit).</param>
public sealed record InKernelTestResult(Isa Isa, string Name, InKernelTestStatus Status, string Message, ulong? Ticks, string? ExpectedPanic)
{
    public bool Passed => Status == InKernelTestStatus.Passed;

    /// <summary>
    /// What a tick is: the counter the kernel reads (Platform.ReadCycleCounter), which counts time, not cycles. The
    /// TSC's rate is not known to the kernel yet; CNTVCT_EL0 runs at CNTFRQ_EL0 (62.5 MHz on QEMU 7.2's virt).
    /// </summary>
    public static string TickUnit(Isa isa) => isa == Isa.X86_64 ? "TSC ticks" : "CNTVCT ticks";
}
