// The kernel's console: text to the platform's serial port. Nothing here allocates, so it works in a panic. Each call
// writes its text whole: CPUs take turns (a lock with interrupts masked), a CPU that writes while it already holds
// the lock (a fault in the middle of a write) goes on, and one that waits too long for a CPU that will never let go
// (stopped by a panic) writes anyway.
using System;
using System.Threading;
using Helios.Kernel.Arch;
using Helios.Kernel.Cpus;

namespace Helios.Kernel.Diagnostics
{
    public static class KernelConsole
    {
        private const int PatienceSpins = 50_000_000;

        private static int s_owner;     // 1 + the index of the CPU writing, or 0

        public static void Write(ReadOnlySpan<char> text) => Write(text, default);

        public static void Write(string text) => Write(text.AsSpan(), default);

        public static void WriteLine(string text) => Write(text.AsSpan(), "\n");

        public static void WriteLine() => Write(default, "\n");

        private static void Write(ReadOnlySpan<char> text, ReadOnlySpan<char> end)
        {
            nuint state = Processor.DisableInterrupts();
            int me = Cpu.Count == 0 ? 0 : Cpu.Current.Index + 1;
            bool taken = me != 0 && Volatile.Read(ref s_owner) != me && Take(me);
            Platform.Current.WriteConsole(text);
            if (!end.IsEmpty) Platform.Current.WriteConsole(end);
            if (taken) Volatile.Write(ref s_owner, 0);
            Processor.RestoreInterrupts(state);
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
