// The kernel hosts the collector of its own image (the runtime's CollectorHost imports): stopping the other CPUs,
// every thread's stack, the heap's limit, and taking heap regions back as frames. Until Enable (once the boot CPU
// schedules threads) the kernel cannot stop anything: the heap then only grows.
// Nothing here may allocate or run a class constructor: the runtime calls in with its heap locked. Hence plain
// fields and no initializers.
using System.Runtime;
using System.Runtime.CompilerServices;
using Helios.Kernel.Arch;
using Helios.Kernel.Cpus;
using Helios.Kernel.Memory;
using Helios.Kernel.Threading;

namespace Helios.Kernel.Diagnostics
{
    public static unsafe class CollectorHostExports
    {
        private static bool s_enabled;
        private static ulong s_limit;

        /// <summary>The heap's limit in bytes (0: none).</summary>
        public static ulong HeapLimit => s_limit;

        /// <summary>From now on the collector may run; the heap may hold at most limit bytes (0: no limit).</summary>
        public static void Enable(ulong limit)
        {
            s_limit = limit;
            s_enabled = true;
        }

        /// <summary>
        /// The kernel's share: the heap may hold what it holds now plus three quarters of the frames still free (the
        /// rest stays for stacks and page tables; processes' heaps have limits of their own).
        /// </summary>
        public static void EnableWithShareOfMemory()
            => Enable(Internal.Runtime.Heap.CapacityBytes + Frames.FreeFrames * FrameAllocator.FrameSize / 4 * 3);

        /// <summary>Changes the heap's limit (tests; a satellite given a share of a domain's memory).</summary>
        public static void SetLimit(ulong limit) => s_limit = limit;

        [RuntimeExport("helios_host_gc_suspend")]
        private static bool Suspend()
        {
            if (!s_enabled) return false;
            WorldStop.StopOthers();
            return true;
        }

        // A CPU that waits for the heap with interrupts masked cannot take the stop IPI: it stops here instead, with
        // interrupts masked while stopped (a tick must not switch another thread in while the world is stopped).
        [RuntimeExport("helios_host_gc_stop_here")]
        private static void StopHere()
        {
            if (!s_enabled) return;
            nuint state = Processor.DisableInterrupts();
            WorldStop.StopIfAsked(Cpu.Current);
            Processor.RestoreInterrupts(state);
        }

        [RuntimeExport("helios_host_gc_resume")]
        private static void Resume() => WorldStop.ResumeOthers();

        // The cursor is the next thread to give (its address: the heap does not move objects), 0 at the start and 1
        // at the end. Threads that exited are left out: what only they referenced is garbage.
        [RuntimeExport("helios_host_gc_next_stack")]
        private static bool NextStack(nuint* cursor, nuint* low, nuint* high)
        {
            ulong here = 0;
            Thread self = Cpu.Current.CurrentThread;
            Thread thread = *cursor == 0 ? ThreadRegistry.First : *cursor == 1 ? null : AsThread(*cursor);
            while (thread is not null)
            {
                Thread next = thread.NextLive;
                *cursor = next is null ? 1 : AddressOf(next);
                ulong from = StackInUse(thread, self, (ulong)&here);
                if (from != 0)
                {
                    *low = (nuint)from;
                    *high = (nuint)thread.Stack.Top;
                    return true;
                }
                thread = next;
            }
            *cursor = 1;
            return false;
        }

        // Where thread's stack in use starts: the collecting thread's below this frame; a thread running on a stopped
        // CPU where that CPU stopped (its registers are in the trap frame above); any other where it switched out
        // (its callee-saved registers were pushed there). 0: leave the thread out.
        private static ulong StackInUse(Thread thread, Thread self, ulong here)
        {
            if (thread == self) return here;
            Cpu cpu = thread.Cpu;
            if (cpu is not null && cpu.CurrentThread == thread)
                return cpu.StoppedStackPointer != 0 ? cpu.StoppedStackPointer : thread.Stack.Limit;
            if (thread.State == ThreadState.Exited) return 0;
            return thread.SavedStackPointer;
        }

        [RuntimeExport("helios_host_gc_heap_limit")]
        private static nuint HeapLimitExport() => (nuint)s_limit;

        // A collection in progress, interrupts masked: it beats for the tick it holds off (SatelliteWatch).
        [RuntimeExport("helios_host_gc_progress")]
        internal static void Progress() => Multikernel.MachineStatus.BeatFromCollector();

        // The heap gives back what helios_host_grow_heap gave: whole runs of frames.
        [RuntimeExport("helios_host_release_heap")]
        private static void ReleaseHeap(void* start, nuint size)
            => Frames.Free((ulong)start, (ulong)size / FrameAllocator.FrameSize);

        private static Thread AsThread(nuint address)
        {
            nint value = (nint)address;
            return Unsafe.As<nint, Thread>(ref value);
        }

        private static nuint AddressOf(Thread thread) => (nuint)Unsafe.As<Thread, nint>(ref thread);
    }
}
