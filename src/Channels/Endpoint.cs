// One end of a channel. Its state lives here, in the kernel: the contract, its side, its peer, the protocol state
// its own monitor tracks, and its receive queue — message blocks linked through the slot table, so delivering a
// message is linking it. Code holds an endpoint only through a handle (generated Imp/Exp structs carry one), which
// dies when the endpoint is sent to someone else. Everything here runs under the heap's lock.
namespace Helios.Channels
{
    public sealed class Endpoint
    {
        internal readonly ContractInfo Contract;
        internal readonly byte Side;
        internal Endpoint Peer;
        internal int Slot;
        internal int State;
        internal int Head;                  // queued messages, oldest first (slot indices)
        internal int Tail;
        internal int Queued;
        internal bool Closed;               // this end was closed (by its holder, a violation or reclaim)
        internal bool PeerClosed;           // the other end was
        internal object Signal;
        internal ulong Spare;               // the last message received here, kept to build this end's next send in
        internal bool SpareInUse;           // still being read (MessageReader.End clears it)
        internal object WaitList;           // to wait on this endpoint alone

        internal Endpoint(ContractInfo contract, byte side)
        {
            Contract = contract;
            Side = side;
        }

        /// <summary>Whether a waiter should wake: a message is queued, or the channel is closed.</summary>
        public bool IsReady => Head != 0 || Closed || PeerClosed;

        internal byte PeerSide => Side == ContractInfo.Importer ? ContractInfo.Exporter : ContractInfo.Importer;

        internal string Describe() => Contract.Name + (Side == ContractInfo.Importer ? " importer" : " exporter");

        // Closes this end: its queued messages (and all they carry) are freed, and the peer sees the channel closed.
        internal void CloseLocked(ExchangeHeap heap)
        {
            if (!Closed)
            {
                Closed = true;
                if (Peer is not null)
                {
                    Peer.PeerClosed = true;
                    heap.Host.Signal(Peer.Signal);
                }
            }
            ReleaseSpareLocked(heap);
            while (Head != 0)
            {
                int message = Head;
                Head = heap.SlotAt(message).QueueNext;
                Queued--;
                heap.DestroyLocked(message);
            }
            Tail = 0;
            heap.Host.Signal(Signal);
        }

        // The spare block belongs to the end's owner; it goes when the end closes or changes hands.
        internal void ReleaseSpareLocked(ExchangeHeap heap)
        {
            if (Spare != 0 && heap.IsLiveLocked(Spare)) heap.FreeSlotLocked(ExHandle.SlotOf(Spare));
            Spare = 0;
        }

        // A block for a send of size bytes: the spare when it is free and big enough (a request's block carries
        // its reply: no allocation in a steady ping-pong), else 0.
        internal int TakeSpareLocked(ExchangeHeap heap, uint size)
        {
            ulong spare = Spare;
            if (spare == 0 || System.Threading.Volatile.Read(ref SpareInUse) || !heap.IsLiveLocked(spare)) return 0;
            int slot = ExHandle.SlotOf(spare);
            if (heap.SlotAt(slot).Capacity < size) return 0;
            Spare = 0;
            return slot;
        }

        internal void EnqueueLocked(ExchangeHeap heap, int message)
        {
            heap.SlotAt(message).QueueNext = 0;
            if (Tail == 0) Head = message;
            else heap.SlotAt(Tail).QueueNext = message;
            Tail = message;
            Queued++;
        }

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
