// One end of a channel. Its state lives here, in the kernel: the contract, its side, its peer, the protocol state
// its own monitor tracks, its receive queue (message blocks linked through the slot table, so delivering a message is
// linking it) and the message blocks it holds. Code holds an endpoint only through a handle (generated Imp/Exp structs
// carry one), which dies when the endpoint is sent to someone else. Everything here runs under the heap's lock.
//
// Message blocks belong to endpoints, not to owners: a block is being built by this end (Building), queued at the
// peer, or the last one received here (Spare, which the next send reuses). So a message moves without touching any
// owner's list, and closing an end frees every block it holds; an owner's reclaim closes its ends.
namespace Helios.Channels
{
    public sealed class Endpoint
    {
        internal ContractInfo Contract;     // set once: by the constructor, or when a prepared end is used (ShadowEndpoints)
        internal byte Side;
        internal Endpoint Peer;
        internal int Slot;
        internal int State;
        internal int Head;                  // queued messages, oldest first (slot indices)
        internal int Tail;
        internal int Queued;
        internal bool Closed;               // this end was closed (by its holder, a violation or reclaim)
        internal bool PeerClosed;           // the other end was
        internal bool SpareInUse;           // still being read (MessageReader.End clears it)
        internal int Building;              // the block BeginSend gave out and Commit has not sent yet (a slot), or 0
        internal int Spare;                 // the last message received here (a slot), reused for this end's next send
        internal int SpareArray;            // a shadow's: an array that crossed to the far kernel, reused for one arriving
        internal Parking Waiter;            // the one receiver asleep on this end alone, or null
        internal object Signal;             // for waits on several ends at once (the host's wait object)
        internal object WaitList;           // to wait on this endpoint alone when Waiter is taken
        internal PeerLink Link;             // a shadow's: the link to the kernel where this end really is (PeerLink.cs)
        internal uint LinkChannel;          // a shadow's: the channel's number on that link

        internal Endpoint(ContractInfo contract, byte side)
        {
            Contract = contract;
            Side = side;
        }

        // A blank end, made ahead for a far kernel's Open (ShadowEndpoints.Prepare): its contract and side come then.
        internal Endpoint()
        {
        }

        /// <summary>A shadow: the far end of a channel whose other end lives on another kernel.</summary>
        public bool IsShadow => Link is not null;

        /// <summary>Whether a waiter should wake: a message is queued, or the channel is closed.</summary>
        public bool IsReady => Head != 0 || Closed || PeerClosed;

        internal byte PeerSide => Side == ContractInfo.Importer ? ContractInfo.Exporter : ContractInfo.Importer;

        internal string Describe() => Contract.Name + (Side == ContractInfo.Importer ? " importer" : " exporter");

        // Wakes whoever sleeps on this end: its one receiver, and waits on several ends (the host checks those
        // cheaply when there are none).
        internal void WakeLocked(ChannelHost host)
        {
            Parking waiter = Waiter;
            if (waiter is not null)
            {
                Waiter = null;
                host.Wake(waiter);
            }
            host.Signal(Signal);
        }

        // A message sent to this end: queued here and its receiver woken, or, at a shadow, handed to the link.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal void DeliverLocked(ExchangeHeap heap, int message)
        {
            if (Link is not null)
            {
                // The shadow's monitor follows the far end: it will receive this message, in this order.
                State = Contract.NextState(State, heap.SlotAt(message).MessageIndex, Peer.Side);
                Link.ForwardLocked(heap, this, message);
                return;
            }
            EnqueueLocked(heap, message);
            WakeLocked(heap.Host);
        }

        // Closes this end: its queued messages (and all they carry) and its blocks are freed, and the peer sees the
        // channel closed (a shadow peer through its link, which tells the other kernel).
        internal void CloseLocked(ExchangeHeap heap)
        {
            if (!Closed)
            {
                Closed = true;
                if (Peer is not null)
                {
                    Peer.PeerClosed = true;
                    if (Peer.Link is not null) Peer.Link.CloseLocked(heap, Peer);
                    else Peer.WakeLocked(heap.Host);
                }
            }
            ReleaseBlocksLocked(heap);
            while (Head != 0)
            {
                int message = Head;
                Head = heap.SlotAt(message).QueueNext;
                Queued--;
                heap.DestroyLocked(message);
            }
            Tail = 0;
            WakeLocked(heap.Host);
        }

        // The blocks this end holds go when it closes or changes hands.
        internal void ReleaseBlocksLocked(ExchangeHeap heap)
        {
            if (Spare != 0) heap.FreeSlotLocked(Spare);
            if (Building != 0) heap.FreeSlotLocked(Building);
            if (SpareArray != 0) heap.FreeSlotLocked(SpareArray);
            Spare = Building = SpareArray = 0;
        }

        // A block for a send of size bytes: the spare when it is free and big enough (a request's block carries
        // its reply: no allocation in a steady ping-pong), else 0. The reader's handle to it dies.
        internal int TakeSpareLocked(ExchangeHeap heap, uint size)
        {
            int slot = Spare;
            if (slot == 0 || SpareInUse) return 0;
            ref Slot s = ref heap.SlotAt(slot);
            if (s.Capacity < size) return 0;
            Spare = 0;
            s.Generation++;
            return slot;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal void EnqueueLocked(ExchangeHeap heap, int message)
        {
            heap.SlotAt(message).QueueNext = 0;
            if (Tail == 0) Head = message;
            else heap.SlotAt(Tail).QueueNext = message;
            Tail = message;
            Queued++;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal int DequeueLocked(ExchangeHeap heap)
        {
            int message = Head;
            Head = heap.SlotAt(message).QueueNext;
            if (Head == 0) Tail = 0;
            Queued--;
            return message;
        }
    }
}
