// What the runtime needs from whoever hosts it: the kernel for its own image, the kernel's ABI for a process.
// Each image binds these symbols at link time.
using System;
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Internal.Runtime
{
    public static unsafe class RuntimeHost
    {
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_fail_fast")]
        private static extern void HostFailFast(char* message, int length);

        // Text, not the object: a process's objects mean nothing to the kernel's runtime, which has its own types.
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_unhandled_exception")]
        private static extern void HostUnhandledException(char* text, int length);

        // The host's console (the kernel's serial console); Console writes here unless the image installed its own writers.
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_write")]
        internal static extern void Write(char* text, int length);

        // Ends the image (the kernel: exits the machine; a process: ends it, status as its exit code). Never returns.
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_exit")]
        private static extern void HostExit(int status);

        // Returns a new region of at least minimumSize bytes for the heap (size in *size), or null.
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_grow_heap")]
        internal static extern void* GrowHeap(nuint minimumSize, nuint* size);

        // Masks interrupts on this CPU (returns the previous state): a short critical section no preemption can split.
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_critical_enter")]
        internal static extern nuint EnterCritical();

        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_critical_leave")]
        internal static extern void LeaveCritical(nuint state);

        // The running thread's id (0 before threads exist), and giving up the CPU to another thread.
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_thread_id")]
        internal static extern int CurrentThreadId();

        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_yield")]
        internal static extern void Yield();

        // Sleeps while *address == expected, until woken at address (a futex); false on timeout (nanoseconds, -1: none).
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_wait_on_address")]
        internal static extern bool WaitOnAddress(long* address, long expected, long timeoutNanoseconds);

        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_wake_address")]
        internal static extern void WakeAddress(long* address);

        // The calling process's id; time as the host's counter and its frequency (Stopwatch).
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_process_id")]
        internal static extern int ProcessId();

        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_timestamp")]
        internal static extern long Timestamp();

        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_timestamp_frequency")]
        internal static extern long TimestampFrequency();

        /// <summary>Ends the image with a message. Never returns.</summary>
        public static void FailFast(string message)
        {
            fixed (char* p = message)
                HostFailFast(p, message?.Length ?? 0);
            while (true) { }
        }

        /// <summary>Ends the image with a message, allocating nothing. Never returns.</summary>
        public static void FailFast(ReadOnlySpan<char> message)
        {
            fixed (char* p = message)
                HostFailFast(p, message.Length);
            while (true) { }
        }

        /// <summary>An exception nobody caught. Never returns.</summary>
        internal static void UnhandledException(object exception)
        {
            string text = exception is Exception e ? e.ToString() : exception.GetType().FullName;
            ExitHooks.Run(ref ExitHooks.BeforeCrash);
            fixed (char* p = text)
                HostUnhandledException(p, text.Length);
            while (true) { }
        }

        /// <summary>Ends the image with a status. Never returns.</summary>
        public static void Exit(int status)
        {
            ExitHooks.Run(ref ExitHooks.BeforeExit);
            HostExit(status);
            while (true) { }
        }
    }
}
