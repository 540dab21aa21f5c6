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

public sealed record InKernelTestResult(Isa Isa, string Name, InKernelTestStatus Status, string Message, ulong? Cycles, string? ExpectedPanic)
{
    public bool Passed => Status == InKernelTestStatus.Passed;
}
