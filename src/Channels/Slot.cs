// One entry of the exchange heap's slot table: a buffer (an ExHeap array), a message block or an endpoint. A handle
// names a slot and the generation it had when the handle was made; sending or freeing bumps the generation, which
// kills every copy of the old handle (use after send is caught by the compare).
namespace Helios.Channels
{
    internal enum SlotKind : byte
    {
        Free = 0,
        Buffer = 1,
        Message = 2,
        Endpoint = 3,
    }

    internal struct Slot
    {
        public uint Generation;
        public SlotKind Kind;
        public byte SizeClass;          // SizeClasses.Large for a run of pages of its own
        public ushort ElementSize;      // bytes per element (1 for a message block)
        public int MessageIndex;        // a message's index in its contract (what a receiver dispatches on)
        public uint ElementCount;
        public uint Capacity;           // bytes reserved for the block
        public ulong Address;
        public int Owner;               // owner id, or InFlight inside a queued message
        public int OwnerPrevious;       // the owner's list of slots (slot indices; 0 ends it)
        public int OwnerNext;
        public int QueueNext;           // a queued message's successor; a free slot's next free slot
        public Endpoint Endpoint;

        public const int InFlight = -1;
    }
}
