// The kernel's console: text to the platform's serial port. Nothing here allocates, so it works in a panic. Each call
// writes its text whole: CPUs take turns (a lock with interrupts masked), a CPU that writes while it already holds
// the lock (a fault in the middle of a write) goes on, and one that waits too long for a CPU that will never let go
// (stopped by a panic) writes anyway. On a machine of several kernels (docs/multikernel.md) every kernel writes whole
// lines, each starting with the kernel's name ("k1: "), under the machine page's console lock: one console, lines
// never interleaved mid-line across kernels.
using System;
using System.Threading;
using Helios.Kernel.Arch;
using Helios.Kernel.Cpus;
using Helios.Kernel.Multikernel;

namespace Helios.Kernel.Diagnostics
{
    public static class KernelConsole
    {
        private const int PatienceSpins = 50_000_000;
        private const int LineCapacity = 512;

        private static int s_owner;     // 1 + the index of the CPU writing, or 0

        // Tagged lines: the kernel's name and the line being built (null: write through, one kernel on the console).
        private static char[] s_tag;
        private static char[] s_line;
        private static int s_lineLength;

        public static void Write(ReadOnlySpan<char> text) => Write(text, default);

        public static void Write(string text) => Write(text.AsSpan(), default);

        public static void WriteLine(string text) => Write(text.AsSpan(), "\n");

        public static void WriteLine() => Write(default, "\n");

        /// <summary>From now on, whole lines tagged with this kernel's name (KernelRole.Name).</summary>
        internal static void TagLines()
        {
            s_line = new char[LineCapacity];
            s_tag = (KernelRole.Name + ": ").ToCharArray();
        }

        /// <summary>Writes out a line not yet ended (before the kernel stops).</summary>
        public static void Flush()
        {
            if (s_line is null) return;
            nuint state = Processor.DisableInterrupts();
            int me = Cpu.Count == 0 ? 0 : Cpu.Current.Index + 1;
            bool taken = me != 0 && Volatile.Read(ref s_owner) != me && Take(me);
            if (s_lineLength > 0) EmitLine();
            if (taken) Volatile.Write(ref s_owner, 0);
            Processor.RestoreInterrupts(state);
        }

        private static void Write(ReadOnlySpan<char> text, ReadOnlySpan<char> end)
        {
            nuint state = Processor.DisableInterrupts();
            int me = Cpu.Count == 0 ? 0 : Cpu.Current.Index + 1;
            bool taken = me != 0 && Volatile.Read(ref s_owner) != me && Take(me);
            if (s_line is null)
            {
                Platform.Current.WriteConsole(text);
                if (!end.IsEmpty) Platform.Current.WriteConsole(end);
            }
            else
            {
                Append(text);
                Append(end);
            }
            if (taken) Volatile.Write(ref s_owner, 0);
            Processor.RestoreInterrupts(state);
        }

        // Into the line; each newline (or a full line) sends it out whole.
        private static void Append(ReadOnlySpan<char> text)
        {
            foreach (char c in text)
            {
                if (c == '\n')
                {
                    EmitLine();
                    continue;
                }
                if (s_lineLength == s_line.Length) EmitLine();
                s_line[s_lineLength++] = c;
            }
        }

        private static void EmitLine()
        {
            bool taken = MachineStatus.TakeConsole();
            Platform.Current.WriteConsole(s_tag);
            Platform.Current.WriteConsole(new ReadOnlySpan<char>(s_line, 0, s_lineLength));
            Platform.Current.WriteConsole("\n");
            if (taken) MachineStatus.ReleaseConsole();
            s_lineLength = 0;
        }

        private static bool Take(int me)
        {
            for (int spins = 0; spins < PatienceSpins; spins++)
            {
                if (Interlocked.CompareExchange(ref s_owner, me, 0) == 0) return true;
                Processor.Relax();
            }
            return false;
        }
    }
}
