// process_create_exit: create a process from the boot bundle (read its image, place, relocate and bind it), start it,
// let it run its empty Main and exit, and wait for it: the whole life of a minimal process, as Linux's
// fork_exec_wait runs a static binary that exits at once.
using Helios.Kernel.Processes;

namespace Helios.Kernel.Bench.Cases
{
    internal static unsafe class ProcessCreateExit
    {
        private const ulong Operations = 20;

        public static void Run() => Measure.Run("process_create_exit", Operations, &Batch);

        private static void Batch(ulong operations)
        {
            for (ulong i = 0; i < operations; i++)
            {
                Process process = Apps.Create("bench-empty", new string[0]);
                process.Start();
                if (process.Wait() != 0) Diagnostics.Panic.Halt("bench-empty failed: " + process.KillReason);
            }
        }
    }
}
