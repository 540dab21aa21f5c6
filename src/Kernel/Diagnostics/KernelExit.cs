// How the kernel ends: it prints "HELIOS-EXIT <code>" and asks the machine to stop with that code (HostProtocol).
using System;
using Helios.Kernel.Arch;

namespace Helios.Kernel.Diagnostics
{
    public static class KernelExit
    {
        public static void Exit(ExitCode code) => Exit((int)code);

        public static void Exit(int code)
        {
            KernelConsole.Write(HostProtocol.ExitMarker);
            Span<char> digits = stackalloc char[12];
            code.TryFormat(digits, out int written);
            KernelConsole.Write(digits.Slice(0, written));
            KernelConsole.WriteLine();
            Platform.Current.Exit(code);
        }
    }
}
