namespace Helios.Kernel.Processes
{
    public enum ProcessState
    {
        Created,    // loaded, not started
        Running,
        Exited,     // returned from Main or called exit: ExitCode is its status
        Killed,     // ended by a fault, a fail-fast, running out of memory or Kill: KillReason says why
    }
}
