// The kernel hosts the runtime of its own image: the runtime's RuntimeHost imports bind to these at link time.
// Processes bind to ProcessAbi's (src/Kernel/Processes), which share the ones that mean the same in a process.
using System;
using System.Runtime;
using Helios.Kernel.Arch;
using Helios.Kernel.Cpus;
using Helios.Kernel.Memory;
using Helios.Kernel.Threading;

namespace Helios.Kernel.Diagnostics
{
    internal static unsafe class RuntimeHostExports
    {
        // Allocates nothing: the runtime fails fast when its heap is exhausted.
        [RuntimeExport("helios_host_fail_fast")]
        private static void FailFast(char* message, int length)
            => Panic.FailFast(length > 0 ? new ReadOnlySpan<char>(message, length) : default);

        [RuntimeExport("helios_host_unhandled_exception")]
        private static void UnhandledException(char* text, int length) => Panic.UnhandledException(new ReadOnlySpan<char>(text, length));

        [RuntimeExport("helios_host_write")]
        private static void Write(char* text, int length) => KernelConsole.Write(new ReadOnlySpan<char>(text, length));

        [RuntimeExport("helios_host_exit")]
        private static void Exit(int status) => KernelExit.Exit(status);

        [RuntimeExport("helios_host_process_id")]
        internal static int ProcessId() => Processes.Process.Current?.Id ?? 0;

        [RuntimeExport("helios_host_timestamp")]
        internal static long Timestamp() => (long)Processor.ReadCounter();

        [RuntimeExport("helios_host_timestamp_frequency")]
        internal static long TimestampFrequency() => (long)Time.Clock.Frequency;

        // The heap starts in the image's early heap; past that it grows by runs of frames (2 MiB at least).
        [RuntimeExport("helios_host_grow_heap")]
        private static void* GrowHeap(nuint minimumSize, nuint* size)
        {
            *size = 0;
            if (Frames.Allocator is null) return null;
            ulong bytes = Math.Max((ulong)minimumSize, HeapGrowthStep);
            ulong frames = (bytes + FrameAllocator.FrameSize - 1) / FrameAllocator.FrameSize;
            ulong address = Frames.Allocate(frames);
            if (address == 0) return null;
            *size = (nuint)(frames * FrameAllocator.FrameSize);
            return (void*)address;
        }

        private const ulong HeapGrowthStep = 2UL << 20;

        [RuntimeExport("helios_host_critical_enter")]
        internal static nuint EnterCritical() => Processor.DisableInterrupts();

        [RuntimeExport("helios_host_critical_leave")]
        internal static void LeaveCritical(nuint state) => Processor.RestoreInterrupts(state);

        [RuntimeExport("helios_host_thread_id")]
        internal static int CurrentThreadId() => Cpu.Count == 0 || Cpu.Current.CurrentThread is null ? 0 : Cpu.Current.CurrentThread.Id;

        [RuntimeExport("helios_host_yield")]
        internal static void Yield()
        {
            if (Cpu.Count > 0 && Cpu.Current.Online) Scheduler.Yield();
            else Processor.Relax();
        }

        [RuntimeExport("helios_host_wait_on_address")]
        internal static bool WaitOnAddress(long* address, long expected, long timeoutNanoseconds)
        {
            if (Cpu.Count == 0 || !Cpu.Current.Online) return *address != expected;    // before threads: nobody to wait for
            return AddressWaits.Wait(address, expected, timeoutNanoseconds);
        }

        [RuntimeExport("helios_host_wake_address")]
        internal static void WakeAddress(long* address)
        {
            if (Cpu.Count > 0 && Cpu.Current.Online) AddressWaits.WakeAll(address);
        }
    }
}
