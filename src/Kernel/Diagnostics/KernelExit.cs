// How the kernel ends: it prints "HELIOS-EXIT <code>" and asks the machine to stop with that code (HostProtocol). On a
// machine of several kernels (docs/multikernel.md) the coordinator first waits for every satellite to end and folds
// their ends into the machine's code; a satellite records its code in the machine page and stops only its own CPUs.
using System;
using Helios.Kernel.Arch;
using Helios.Kernel.Multikernel;

namespace Helios.Kernel.Diagnostics
{
    public static class KernelExit
    {
        public static void Exit(ExitCode code) => Exit((int)code);

        public static void Exit(int code)
        {
            bool panicked = code == (int)ExitCode.Panic;
            if (!KernelRole.IsSatellite && !panicked) code = SatelliteLauncher.Finish(code);
            KernelConsole.Write(HostProtocol.ExitMarker);
            Span<char> digits = stackalloc char[12];
            code.TryFormat(digits, out int written);
            KernelConsole.Write(digits.Slice(0, written));
            KernelConsole.WriteLine();
            KernelConsole.Flush();
            if (KernelRole.IsSatellite) MachineStatus.ReportExit(code, panicked);
            Platform.Current.Exit(code);
        }
    }
}
