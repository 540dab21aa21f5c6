// Whoever holds exchange-heap blocks and endpoints: a process (later), the kernel, or a kernel thread that wants its
// own account. Every block and endpoint has exactly one owner, or is in flight inside a queued message; when an
// owner dies, ExchangeHeap.Reclaim frees every block it holds and closes every endpoint it holds (their peers see
// the channel closed). A process plugs in by creating its owner at start (ExchangeHeap.CreateOwner) and calling
// Reclaim when it dies.
namespace Helios.Channels
{
    public sealed class ExOwner
    {
        internal ExOwner(int id, string name)
        {
            Id = id;
            Name = name;
        }

        /// <summary>Small and never reused while the owner lives; 0 is the kernel.</summary>
        public int Id { get; }

        public string Name { get; }

        /// <summary>False once reclaimed: nothing may be allocated for or sent to a dead owner.</summary>
        public bool IsAlive => Alive;

        /// <summary>Arrays and endpoints the owner holds now.</summary>
        public int HandleCount => Handles;

        /// <summary>Bytes of the exchange-heap arrays the owner holds now (message blocks are held by its endpoints).</summary>
        public long Bytes => HeldBytes;

        // The owner's slots, linked through the slot table (ExchangeHeap), and their count and bytes: fields, which
        // the heap updates under its lock on every send and receive.
        internal int FirstSlot;
        internal bool Alive = true;
        internal int Handles;
        internal long HeldBytes;

        public override string ToString() => Name + " (owner " + Id.ToString() + ")";
    }
}
