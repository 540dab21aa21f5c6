// The kernel's side of the machine page (src/Satellite/Boot/MachinePage.cs): each kernel's state, exit code and
// heartbeat, the console's line lock and the shutdown request, read and written atomically by every kernel of the
// machine. The coordinator creates the page in its own memory before it starts a satellite; a satellite attaches to it
// from its boot block. With one kernel there is no page and every call is a no-op.
using System;
using System.Threading;
using Helios.Kernel.Arch;
using Helios.Kernel.Memory;
using Helios.Satellite.Boot;

namespace Helios.Kernel.Multikernel
{
    public static unsafe class MachineStatus
    {
        private const int PatienceSpins = 50_000_000;

        private static byte* s_page;

        public static ulong Address => (ulong)s_page;

        public static bool Exists => s_page != null;

        /// <summary>The coordinator: a cleared page for kernelCount kernels, itself online.</summary>
        internal static void Create(int kernelCount)
        {
            ulong page = Frames.Allocate();
            if (page == 0) throw new OutOfMemoryException("no frame for the machine page");
            s_page = (byte*)page;
            *(ulong*)(s_page + MachinePage.MagicOffset) = MachinePage.Magic;
            *(uint*)(s_page + MachinePage.KernelCountOffset) = (uint)kernelCount;
            Report(0, KernelState.Online);
        }

        /// <summary>A satellite: the page its boot block names.</summary>
        internal static void Attach(ulong page)
        {
            if (*(ulong*)page != MachinePage.Magic) throw new InvalidOperationException("the boot block's machine page is not one");
            s_page = (byte*)page;
        }

        public static KernelState State(int kernel) => s_page == null ? KernelState.Absent : (KernelState)Volatile.Read(ref *Word(kernel, MachinePage.StateOffset));

        public static int ExitCode(int kernel) => s_page == null ? 0 : (int)Volatile.Read(ref *Word(kernel, MachinePage.ExitCodeOffset));

        public static ulong Heartbeat(int kernel) => s_page == null ? 0 : Volatile.Read(ref *(ulong*)(s_page + MachinePage.Slot(kernel) + MachinePage.HeartbeatOffset));

        public static ulong OnlineCounter(int kernel) => s_page == null ? 0 : Volatile.Read(ref *(ulong*)(s_page + MachinePage.Slot(kernel) + MachinePage.OnlineCounterOffset));

        /// <summary>Records kernel's state (the coordinator: Starting and Dead for satellites; each kernel its own).</summary>
        internal static void Report(int kernel, KernelState state)
        {
            if (s_page == null) return;
            if (state == KernelState.Online)
                Volatile.Write(ref *(ulong*)(s_page + MachinePage.Slot(kernel) + MachinePage.OnlineCounterOffset), Platform.Current.ReadCycleCounter());
            Volatile.Write(ref *Word(kernel, MachinePage.StateOffset), (uint)state);
        }

        /// <summary>This kernel ends: its exit code, then its state (a panic's code is ExitCode.Panic).</summary>
        internal static void ReportExit(int code, bool panicked)
        {
            if (s_page == null) return;
            Volatile.Write(ref *Word(KernelRole.Id, MachinePage.ExitCodeOffset), (uint)code);
            Report(KernelRole.Id, panicked ? KernelState.Panicked : KernelState.Exited);
        }

        /// <summary>
        /// Counted up by this kernel's tick: the coordinator watches it to tell a hung satellite. The tick also publishes
        /// what the kernel's collector has done (its collections, its heap's capacity), for other kernels to see.
        /// </summary>
        internal static void Beat()
        {
            if (s_page == null) return;
            byte* slot = s_page + MachinePage.Slot(KernelRole.Id);
            (*(ulong*)(slot + MachinePage.HeartbeatOffset))++;
            Volatile.Write(ref *(ulong*)(slot + MachinePage.CollectionsOffset), Internal.Runtime.Heap.Collections);
            Volatile.Write(ref *(ulong*)(slot + MachinePage.HeapBytesOffset), Internal.Runtime.Heap.CapacityBytes);
        }

        /// <summary>
        /// The heartbeat alone, counted by a collection in progress (the kernel's or a process's): it runs with
        /// interrupts masked, so the tick cannot count meanwhile, and a long one on a live satellite would otherwise
        /// look like a hang. No allocation: the heap is locked.
        /// </summary>
        internal static void BeatFromCollector()
        {
            if (s_page == null) return;
            (*(ulong*)(s_page + MachinePage.Slot(KernelRole.Id) + MachinePage.HeartbeatOffset))++;
        }

        /// <summary>
        /// This kernel is about to hang on purpose, interrupts masked (a test or benchmark of containment): the counter
        /// now, for the coordinator to say how long after the hang it declared the kernel dead.
        /// </summary>
        public static void MarkHang()
        {
            if (s_page != null) Volatile.Write(ref *(ulong*)(s_page + MachinePage.Slot(KernelRole.Id) + MachinePage.HungAtOffset), Platform.Current.ReadCycleCounter() | 1);
        }

        /// <summary>The counter when kernel hung on purpose, or 0.</summary>
        public static ulong HungAt(int kernel) => s_page == null || (uint)kernel >= MachinePage.MaxKernels ? 0
            : Volatile.Read(ref *(ulong*)(s_page + MachinePage.Slot(kernel) + MachinePage.HungAtOffset));

        /// <summary>Publishes how other kernels interrupt this one (before it reports itself online).</summary>
        internal static void PublishDoorbell(ulong target)
        {
            if (s_page != null) Volatile.Write(ref *(ulong*)(s_page + MachinePage.Slot(KernelRole.Id) + MachinePage.DoorbellOffset), target + 1);
        }

        /// <summary>kernel's doorbell target, or false while it has published none.</summary>
        public static bool TryDoorbell(int kernel, out ulong target)
        {
            ulong word = s_page == null || (uint)kernel >= MachinePage.MaxKernels ? 0
                : Volatile.Read(ref *(ulong*)(s_page + MachinePage.Slot(kernel) + MachinePage.DoorbellOffset));
            target = word - 1;
            return word != 0;
        }

        public static ulong Collections(int kernel) => s_page == null ? 0 : Volatile.Read(ref *(ulong*)(s_page + MachinePage.Slot(kernel) + MachinePage.CollectionsOffset));

        public static ulong HeapBytes(int kernel) => s_page == null ? 0 : Volatile.Read(ref *(ulong*)(s_page + MachinePage.Slot(kernel) + MachinePage.HeapBytesOffset));

        public static bool ShutdownRequested => s_page != null && Volatile.Read(ref *(uint*)(s_page + MachinePage.ShutdownOffset)) != 0;

        internal static void RequestShutdown()
        {
            if (s_page != null) Volatile.Write(ref *(uint*)(s_page + MachinePage.ShutdownOffset), 1u);
        }

        /// <summary>
        /// Takes the console for one line. A kernel that waits too long for one that will never let go (stopped in the
        /// middle of a line) writes anyway: a garbled line beats a hung console.
        /// </summary>
        internal static bool TakeConsole()
        {
            if (s_page == null) return false;
            int me = KernelRole.Id + 1;
            ref int owner = ref *(int*)(s_page + MachinePage.ConsoleLockOffset);
            for (int spins = 0; spins < PatienceSpins; spins++)
            {
                if (Interlocked.CompareExchange(ref owner, me, 0) == 0) return true;
                Processor.Relax();
            }
            return false;
        }

        internal static void ReleaseConsole() => Volatile.Write(ref *(int*)(s_page + MachinePage.ConsoleLockOffset), 0);

        private static uint* Word(int kernel, int offset)
        {
            if ((uint)kernel >= MachinePage.MaxKernels) throw new ArgumentOutOfRangeException(nameof(kernel));
            return (uint*)(s_page + MachinePage.Slot(kernel) + offset);
        }
    }
}
