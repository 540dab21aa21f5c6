// What "the other end" is when it lives on another kernel (docs/channels.md, "Channels between kernels"). A channel
// whose ends are on two kernels has, on each kernel, the real end its holder uses and a shadow endpoint standing for
// the far end: an Endpoint with a Link. Sending to a local end queues the block at it (Endpoint.DeliverLocked); sending
// to a shadow hands the block to its link, which copies what crosses onto the ring to the other kernel and keeps or
// frees the block. Closing either end tells the link. Code that holds an endpoint cannot tell the two apart.
// Implemented by the satellite layer (src/Satellite/Links/Link.cs); everything here runs under the heap's lock.
namespace Helios.Channels
{
    public abstract class PeerLink
    {
        /// <summary>
        /// A message block sent to shadow (in flight, what it carries in flight too): the link takes it. It must
        /// neither block nor fail: a message it cannot put on the ring now waits in the link's backlog, and the sender
        /// waits afterwards, outside the lock, if the backlog is long (MustWaitLocked).
        /// </summary>
        internal abstract void ForwardLocked(ExchangeHeap heap, Endpoint shadow, int message);

        /// <summary>
        /// A message of values alone (length bytes at values, no descriptors) sent to shadow, taken straight from the
        /// sender's memory when the link can send it now without a block; false: nothing happened, send a block.
        /// senderNext is the protocol state the sending end moves to.
        /// </summary>
        internal abstract unsafe bool TryForwardValuesLocked(Endpoint shadow, int message, int senderNext, byte* values, uint length);

        /// <summary>The real end facing shadow closed (its holder, a violation or a reclaim): tell the other kernel.</summary>
        internal abstract void CloseLocked(ExchangeHeap heap, Endpoint shadow);

        /// <summary>
        /// Refuses, before anything is sent, the message block being committed to shadow when the link cannot carry it:
        /// an endpoint inside it the link cannot carry yet (ShadowEndpoints.CarryRefusalLocked), or more bytes than one
        /// record holds.
        /// Returns null when it can go.
        /// </summary>
        internal abstract string RefusalLocked(ExchangeHeap heap, Endpoint shadow, int message);

        /// <summary>
        /// Whether a sender to shadow must wait: the link holds Backlog of its messages it could not put on the ring yet.
        /// If so, the sender (host.CurrentParking, asked only then: every send asks this) is woken when the link has
        /// sent some (or the channel or link ended).
        /// </summary>
        internal abstract bool MustWaitLocked(Endpoint shadow, ChannelHost host);

        /// <summary>Messages a sender may leave queued at a shadow before it waits for the link (flow control).</summary>
        public const int Backlog = 64;
    }
}
