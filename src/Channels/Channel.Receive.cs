// A local receive, start to finish. BeginReceive takes the oldest queued message if there is one: the protocol check,
// the block becomes the receiving end's (its spare, reused for that end's next send) and what it carries becomes the
// receiver's. Otherwise the receiver sleeps: alone on the end it parks its thread (the sender's Commit wakes it
// directly), else it waits on the end's signal like a Select.
using System;

namespace Helios.Channels
{
    public static partial class Channel
    {
        /// <summary>
        /// Receives the next message, which must be message (or any, for -1), waiting for it; the message's blocks
        /// and endpoints become the caller's. Throws ChannelClosedException when none is left and the peer is gone.
        /// </summary>
        public static MessageReader BeginReceive(ulong endpoint, ContractInfo contract, byte side, int message)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null) return RemoteChannel.BeginReceive(endpoint, contract, side, message);
            ChannelHost host = heap.Host;
            ExOwner owner = host.CurrentOwner;
            object self = null;
            Endpoint parkedOn = null;
            while (true)
            {
                Endpoint ep;
                nuint state = host.Lock();
                try
                {
                    Unpark(parkedOn, self);
                    ep = ResolveLocked(heap, endpoint, owner, contract, side);
                    if (ep.Head != 0) return ReceiveLocked(heap, ep, owner, message);
                    if (ep.Closed) throw new ChannelClosedException(ep.Describe() + ": this end is closed");
                    if (ep.PeerClosed) throw new ChannelClosedException(ep.Describe() + ": receive on a channel whose peer is closed");
                    parkedOn = Park(host, ep, ref self);
                }
                finally
                {
                    host.Unlock(state);
                }
                if (parkedOn is not null) host.Block();
                else host.WaitAny(ep.WaitList, -1);
            }
        }

        // With the lock held: makes the caller the end's one sleeper unless someone is already (then it waits on the
        // end's signal instead). Returns the end it parked on, or null.
        private static Endpoint Park(ChannelHost host, Endpoint ep, ref object self)
        {
            if (ep.Waiter is not null) return null;
            self ??= host.CurrentWaiter;
            ep.Waiter = self;
            return ep;
        }

        // With the lock held, after a Block: if nobody took the caller off the end (it woke for another reason), it does.
        private static void Unpark(Endpoint parkedOn, object self)
        {
            if (parkedOn is not null && parkedOn.Waiter == self) parkedOn.Waiter = null;
        }

        // Takes the end's oldest message for owner.
        private static unsafe MessageReader ReceiveLocked(ExchangeHeap heap, Endpoint ep, ExOwner owner, int message)
        {
            int slot = ep.Head;
            ref Slot s = ref heap.SlotAt(slot);
            int arrived = s.MessageIndex;
            ContractInfo contract = ep.Contract;
            if (message >= 0 && arrived != message)
                throw new UnexpectedMessageException(ep.Describe() + " expected " + contract.MessageName(message)
                    + " but the next message is " + contract.MessageName(arrived));
            int next = contract.NextState(ep.State, arrived, ep.PeerSide);
            if (next < 0) throw new ChannelException(ep.Describe() + ": a queued message the protocol forbids (monitors disagree)");
            ep.DequeueLocked(heap);
            ep.State = next;
            s.Owner = owner.Id;
            byte* block = (byte*)s.Address;
            int descriptors = block[WireLayout.DescriptorCountOffset];
            for (int i = 0; i < descriptors; i++)
            {
                ulong* inner = (ulong*)(block + WireLayout.DescriptorOffset(i) + WireLayout.DescriptorHandleOffset);
                if (*inner != 0) *inner = heap.MoveLocked(ExHandle.SlotOf(*inner), owner);
            }
            if (ep.Spare != 0) heap.FreeSlotLocked(ep.Spare);
            ep.Spare = slot;                // freed at the next receive, or reused by the next send
            ep.SpareInUse = true;
            return new MessageReader(ep, ExHandle.Make(slot, s.Generation), s.Address, arrived);
        }

        /// <summary>Waits for the next message and returns its index without receiving it; -1 when the channel is closed and empty.</summary>
        public static int WaitNext(ulong endpoint, ContractInfo contract, byte side, long timeoutNanoseconds = -1)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null) return RemoteChannel.WaitNext(endpoint, contract, side, timeoutNanoseconds);
            ChannelHost host = heap.Host;
            ExOwner owner = host.CurrentOwner;
            object self = null;
            Endpoint parkedOn = null;
            while (true)
            {
                Endpoint ep;
                nuint state = host.Lock();
                try
                {
                    Unpark(parkedOn, self);
                    ep = ResolveLocked(heap, endpoint, owner, contract, side);
                    if (ep.Head != 0) return heap.SlotAt(ep.Head).MessageIndex;
                    if (ep.Closed || ep.PeerClosed) return -1;
                    if (timeoutNanoseconds < 0) parkedOn = Park(host, ep, ref self);     // a timeout needs a timer: the signal's wait
                }
                finally
                {
                    host.Unlock(state);
                }
                if (parkedOn is not null) host.Block();
                else if (host.WaitAny(ep.WaitList, timeoutNanoseconds) < 0) return -2;
            }
        }
    }
}
