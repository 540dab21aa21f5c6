// How the kernel ends. The last line it prints is "HELIOS-EXIT <code>"; QEMU then exits with status
// (code << 1) | 1 on both ISAs, so a status of 0 (a triple fault, a reset, a power-off) always means the kernel died
// without reporting. The host harness (build/Helios.Tooling, QemuRun) relies on both.
using System;
using Helios.Kernel.Arch;

namespace Helios.Kernel.Diagnostics
{
    public enum ExitCode
    {
        Success = 0,
        Failure = 1,
        Panic = 2,
    }

    public static class KernelExit
    {
        public const string Marker = "HELIOS-EXIT ";

        public static void Exit(ExitCode code) => Exit((int)code);

        public static void Exit(int code)
        {
            KernelConsole.Write(Marker);
            Span<char> digits = stackalloc char[12];
            code.TryFormat(digits, out int written);
            KernelConsole.Write(digits.Slice(0, written));
            KernelConsole.WriteLine();
            Platform.Current.Exit(code);
        }
    }
}
