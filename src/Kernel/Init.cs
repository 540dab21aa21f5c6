// The kernel image's payload. Processes (and an init that starts the ones a boot configuration names) arrive with
// the software-isolated processes issue; until then the kernel boots, reports and exits.
using Helios.Kernel.Boot;
using Helios.Kernel.Diagnostics;

namespace Helios.Kernel
{
    internal static class Init
    {
        internal static int Run(BootInfo boot)
        {
            KernelConsole.WriteLine("init: no processes to start yet");
            return (int)ExitCode.Success;
        }
    }
}
