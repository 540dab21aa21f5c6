// A receiver asleep on one endpoint alone (Endpoint.Waiter): its thread, which the sender wakes directly, and, for a
// message of values, where the values go. A sender that finds such a receiver with nothing queued ahead does the
// receive for it under the heap's lock — the values go from the sender's memory to the receiver's, no block is
// taken or queued — so the receiver wakes with its message. One per thread, made by the host, reused by every wait.
namespace Helios.Channels
{
    public sealed unsafe class Parking
    {
        public Parking(object thread)
        {
            Thread = thread;
        }

        /// <summary>The host's thread (what it wakes).</summary>
        public readonly object Thread;

        internal bool TakesValues;          // a sender may deliver Expected directly (else it queues the message)
        internal int Expected;              // the message the receiver takes
        internal byte* Values;              // where its values go
        internal uint Length;
        internal int Delivered = -1;        // the message a sender delivered, or -1; written under the heap's lock
    }
}
