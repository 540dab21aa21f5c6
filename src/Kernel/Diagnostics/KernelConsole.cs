// The kernel's console: text to the platform's serial port. Nothing here allocates, so it works in a panic.
using System;
using Helios.Kernel.Arch;

namespace Helios.Kernel.Diagnostics
{
    public static class KernelConsole
    {
        public static void Write(ReadOnlySpan<char> text) => Platform.Current.WriteConsole(text);

        public static void Write(string text) => Platform.Current.WriteConsole(text);

        public static void WriteLine(string text)
        {
            Platform.Current.WriteConsole(text);
            Platform.Current.WriteConsole("\n");
        }

        public static void WriteLine() => Platform.Current.WriteConsole("\n");
    }
}
