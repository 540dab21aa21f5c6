// This kernel's links to the other kernels of the machine (docs/multikernel.md, "Links"; the link itself is
// src/Satellite/Links/Link.cs). Every two kernels are linked: the coordinator gives each satellite a link area in its
// own memory for the two of them, and one for each pair of satellites (PeerArea), named in the boot blocks of both as
// shared ranges: two rings, the lower-numbered kernel writing the first. A satellite connects to a peer that has not
// started yet all the same: its records wait in the ring until the peer connects and polls. Each side publishes in the machine
// page how to interrupt it (its doorbell: an IPI to its boot CPU), and runs one link thread per link, which drains
// the ring and sleeps; the doorbell's interrupt wakes it. Nothing spins: under -icount a spinning CPU would starve the
// kernel it waits for.
using System;
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Arch;
using Helios.Kernel.Interrupts;
using Helios.Kernel.Memory;
using Helios.Kernel.Threading;
using Helios.Satellite.Boot;
using Helios.Satellite.Links;

namespace Helios.Kernel.Multikernel
{
    public static unsafe class KernelLinks
    {
        /// <summary>Each direction's ring: room for a 64 KiB array and its message twice over.</summary>
        public const int RingBytes = 256 * 1024;

        public const ulong AreaBytes = 2 * RingBytes;

        private static readonly Link[] s_links = new Link[MachinePage.MaxKernels];
        private static readonly Thread[] s_threads = new Thread[MachinePage.MaxKernels];
        private static readonly ulong[] s_areas = new ulong[MachinePage.MaxKernels];
        // The links made so far, in order, and their threads: what the doorbell's interrupt looks at (not every
        // possible kernel's slot).
        private static readonly Link[] s_connected = new Link[MachinePage.MaxKernels];
        private static readonly Thread[] s_connectedThreads = new Thread[MachinePage.MaxKernels];
        private static int s_connectedCount;
        private static bool s_handlerRegistered;

        /// <summary>The link to kernel far, or null (no such kernel, or not linked yet).</summary>
        public static Link To(int far) => (uint)far < (uint)s_links.Length ? s_links[far] : null;

        /// <summary>The link area shared with kernel far (its first ring is written by the lower-numbered kernel), or 0.</summary>
        public static ulong AreaOf(int far) => (uint)far < (uint)s_areas.Length ? s_areas[far] : 0;

        /// <summary>Interrupts kernel far's link threads (for code that wrote its ring itself: the link tests).</summary>
        public static void Ring(int far)
        {
            if (MachineStatus.TryDoorbell(far, out ulong target)) Platform.Current.RingDoorbell(target);
        }

        /// <summary>The coordinator, before it starts satellite k: a link area in its own memory, both rings ready.</summary>
        internal static ulong CreateArea()
        {
            ulong area = Frames.Allocate(AreaBytes / FrameAllocator.FrameSize, KernelRole.Domain);
            if (area == 0) throw new OutOfMemoryException("no " + Units.Bytes(AreaBytes) + " for a link area");
            new LinkRing((byte*)area, RingBytes).Initialize();
            new LinkRing((byte*)(area + RingBytes), RingBytes).Initialize();
            return area;
        }

        private static readonly ulong[] s_peerAreas = new ulong[MachinePage.MaxKernels * MachinePage.MaxKernels];

        /// <summary>
        /// The coordinator: the link area of satellites a and b, made the first time either's boot block names it (the
        /// same area for both; the coordinator never connects to it).
        /// </summary>
        internal static ulong PeerArea(int a, int b)
        {
            int low = a < b ? a : b, high = a < b ? b : a;
            int slot = low * MachinePage.MaxKernels + high;
            if (s_peerAreas[slot] == 0) s_peerAreas[slot] = CreateArea();
            return s_peerAreas[slot];
        }

        /// <summary>
        /// Both sides, once this kernel runs threads: publishes this kernel's doorbell (once) and makes the link to far
        /// over area, its thread, and says hello. The far kernel does the same; records wait in the ring until it does.
        /// </summary>
        internal static Link Connect(int far, ulong area)
        {
            Platform platform = Platform.Current;
            if (!s_handlerRegistered)
            {
                InterruptDispatcher.Register(platform.DoorbellInterrupt, &OnDoorbell);
                MachineStatus.PublishDoorbell(platform.DoorbellTarget);
                s_handlerRegistered = true;
            }
            var first = new LinkRing((byte*)area, RingBytes);
            var second = new LinkRing((byte*)(area + RingBytes), RingBytes);
            bool lower = KernelRole.Id < far;
            ExchangeHeap heap = ExchangeHeap.Current;
            PeerMemory.TryWindows(far, out MemoryWindow local, out MemoryWindow remote);     // none: arrays go inside the records
            var link = new Link(heap, KernelRole.Id, far, lower ? first : second, lower ? second : first, new Doorbell(far), local, remote);
            s_links[far] = link;
            s_areas[far] = area;
            link.Reserve(KernelControlContract.Info);       // the far kernel's control channel is served here, never accepted
            var thread = new Thread(() => Serve(link), "link to k" + far.ToString());
            thread.Start();                 // it polls before it first sleeps: a doorbell before the next line is not lost
            s_threads[far] = thread;
            s_connected[s_connectedCount] = link;
            s_connectedThreads[s_connectedCount] = thread;
            System.Threading.Volatile.Write(ref s_connectedCount, s_connectedCount + 1);     // published after both
            Scheduler.Wake(thread);         // a doorbell rung before the interrupt could see this link: look again
            link.Start();
            KernelControl.Open(link);
            return link;
        }

        /// <summary>
        /// Kernel far is dead (SatelliteWatch): its link fails (every channel on it closes here, what it held is freed,
        /// and nothing is sent or read again), and its link thread ends. The link area stays allocated: a CPU that could
        /// not be stopped may still write to it.
        /// </summary>
        internal static void Lost(int far, string why)
        {
            if (To(far) is not Link link) return;
            link.Fail(why);
            if (s_threads[far] is Thread thread) Scheduler.Wake(thread);
        }

        // The link thread: everything waiting, then sleep until the doorbell (PrepareToSleep's word tells the far
        // kernel to ring it; a record that came meanwhile means no sleep). A control channel the far kernel opened
        // gets a server thread; when this kernel has no memory for its stack just then (a test holding every frame, a
        // peer that connects mid-load), the channel waits and the thread tries again every 10 ms: a peer's request
        // must never be what panics this kernel.
        private static void Serve(Link link)
        {
            ulong unserved = 0;
            while (link.Failure is null)
            {
                while (link.Poll() != 0) { }
                while (unserved != 0 || link.TryAccept(KernelControlContract.Info, out unserved))
                {
                    if (!TryStartControlServer(unserved, link.FarKernel)) break;
                    unserved = 0;
                }
                if (unserved != 0) Thread.Sleep(10_000_000);
                else if (link.PrepareToSleep()) Scheduler.Block();
            }
        }

        private static bool TryStartControlServer(ulong control, int far)
        {
            try
            {
                KernelControlServer.Start(control, far);
                return true;
            }
            catch (OutOfMemoryException)
            {
                return false;
            }
        }

        // Any link may have records: each delivers its messages here, in the interrupt (the receiver wakes with its
        // message, no link thread in between), and its thread runs only for what the interrupt may not do (opens,
        // closes, declarations, refusals, a backlog to send, a message that needs fresh memory).
        private static void OnDoorbell(int interrupt)
        {
            int count = System.Threading.Volatile.Read(ref s_connectedCount);
            for (int i = 0; i < count; i++)
                if (s_connected[i].DeliverFromInterrupt()) Scheduler.Wake(s_connectedThreads[i]);
        }

        /// <summary>
        /// The timer's tick (CPU 0): records that came without a doorbell are taken as the doorbell would (a close the
        /// far kernel did not ring for, since nobody here waited on its channel: Link.CloseLocked), at most a tick late.
        /// </summary>
        internal static void OnTick()
        {
            int count = System.Threading.Volatile.Read(ref s_connectedCount);
            for (int i = 0; i < count; i++)
                if (s_connected[i].HasUnread && s_connected[i].DeliverFromInterrupt()) Scheduler.Wake(s_connectedThreads[i]);
        }

        // Rings the far kernel: its published target, once it has published one (before that it is not listening). A
        // kernel publishes its doorbell once, so the first one read is kept: a ring is then the interrupt's write alone.
        private sealed class Doorbell : LinkDoorbell
        {
            private readonly int _far;
            private ulong _target;
            private bool _known;

            public Doorbell(int far)
            {
                _far = far;
            }

            // Senders on any CPU and the link thread ring: the target is written before the flag that publishes it.
            public override void Ring()
            {
                if (!System.Threading.Volatile.Read(ref _known))
                {
                    if (!MachineStatus.TryDoorbell(_far, out ulong target)) return;
                    _target = target;
                    System.Threading.Volatile.Write(ref _known, true);
                }
                Platform.Current.RingDoorbell(_target);
            }
        }
    }
}
