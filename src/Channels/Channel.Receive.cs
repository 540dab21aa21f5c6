// A local receive, start to finish. A receive takes the oldest queued message if there is one: the protocol check,
// then the block becomes the receiving end's (its spare, reused for that end's next send) and what it carries becomes
// the receiver's. Otherwise the receiver sleeps: alone on the end it parks its thread (Parking: the sender's send
// wakes it directly, and for a message of values does the receive for it), else it waits on the end's signal like a
// Select. A message of values is received in one step, Receive: its values are copied out and the block stays.
using System;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Helios.Channels
{
    public static partial class Channel
    {
        /// <summary>
        /// Receives the next message, which must be message (or any, for -1), waiting for it; the message's blocks
        /// and endpoints become the caller's. Throws ChannelClosedException when none is left and the peer is gone.
        /// </summary>
        public static unsafe MessageReader BeginReceive(ulong endpoint, ContractInfo contract, byte side, int message)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null) return RemoteChannel.BeginReceive(endpoint, contract, side, message);
            ChannelHost host = heap.Host;
            ExOwner owner = host.CurrentOwner;
            Parking parking = null;
            Endpoint parkedOn = null;
            while (true)
            {
                Endpoint ep;
                nuint state = host.Lock();
                try
                {
                    Unpark(parkedOn, parking);
                    ep = ResolveLocked(heap, endpoint, owner, contract, side);
                    if (ep.Head != 0) return ReceiveLocked(heap, ep, owner, message);
                    ThrowIfClosed(ep);
                    parkedOn = Park(host, ep, ref parking, -1, false, null, 0);
                }
                finally
                {
                    host.Unlock(state);
                }
                if (parkedOn is not null) host.Block();
                else host.WaitAny(ep.WaitList, -1);
            }
        }

        /// <summary>Receives message, whose fields are all values, in one step: its values (the generated payload struct).</summary>
        public static unsafe void Receive<T>(ulong endpoint, ContractInfo contract, byte side, int message, out T values) where T : struct
        {
            if (RuntimeHelpers.IsReferenceOrContainsReferences<T>()) throw new ChannelException(typeof(T).Name + " holds references: not message values");
            values = default;
            fixed (byte* p = &Unsafe.As<T, byte>(ref values))
            {
                ExchangeHeap heap = ExchangeHeap.Current;
                if (heap is null) RemoteChannel.ReceiveValues(endpoint, contract, side, message, (ulong)p, (uint)Unsafe.SizeOf<T>());
                else ReceiveValues(heap, endpoint, contract.Id, side, message, p, (uint)Unsafe.SizeOf<T>());
            }
        }

        /// <summary>Receives message, which has no fields, in one step.</summary>
        public static unsafe void Receive(ulong endpoint, ContractInfo contract, byte side, int message)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null) RemoteChannel.ReceiveValues(endpoint, contract, side, message, 0, 0);
            else ReceiveValues(heap, endpoint, contract.Id, side, message, null, 0);
        }

        /// <summary>Receive's work on the kernel's side: the caller's owner holds endpoint; length bytes of values go to values.</summary>
        public static unsafe void ReceiveValues(ExchangeHeap heap, ulong endpoint, ulong contractId, byte side, int message, byte* values, uint length)
        {
            ChannelHost host = heap.Host;
            ExOwner owner = host.CurrentOwner;
            Parking parking = null;
            Endpoint parkedOn = null;
            while (true)
            {
                Endpoint ep;
                nuint state = host.Lock();
                try
                {
                    if (parkedOn is not null && parking.Delivered >= 0) return;      // a sender did the receive
                    Unpark(parkedOn, parking);
                    ep = ResolveLocked(heap, endpoint, owner, contractId, side);
                    if (ep.Head != 0)
                    {
                        ReceiveValuesLocked(heap, ep, owner, message, values, length);
                        return;
                    }
                    ThrowIfClosed(ep);
                    parkedOn = Park(host, ep, ref parking, message, true, values, length);
                }
                finally
                {
                    host.Unlock(state);
                }
                if (parkedOn is null) host.WaitAny(ep.WaitList, -1);
                else
                {
                    host.Block();
                    // Written under the heap's lock before the wake, after the values: a read that sees it sees them.
                    if (Volatile.Read(ref parking.Delivered) >= 0) return;
                }
            }
        }

        // With the lock held: makes the caller the end's one sleeper unless someone is already (then it waits on the
        // end's signal instead). takesValues: a sender may deliver message directly, its values to values. Returns
        // the end it parked on, or null.
        private static unsafe Endpoint Park(ChannelHost host, Endpoint ep, ref Parking parking, int message, bool takesValues, byte* values, uint length)
        {
            if (ep.Waiter is not null) return null;
            parking ??= host.CurrentParking;
            parking.Expected = message;
            parking.TakesValues = takesValues;
            parking.Values = values;
            parking.Length = length;
            parking.Delivered = -1;
            ep.Waiter = parking;
            return ep;
        }

        // With the lock held, after a Block: if nobody took the caller off the end (it woke for another reason), it
        // does; its delivery address is dead from here on.
        private static unsafe void Unpark(Endpoint parkedOn, Parking parking)
        {
            if (parkedOn is null) return;
            if (parkedOn.Waiter == parking) parkedOn.Waiter = null;
            parking.TakesValues = false;
            parking.Values = null;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void ThrowIfClosed(Endpoint ep)
        {
            if (ep.Closed || ep.PeerClosed) throw Closed(ep);
        }

        private static ChannelClosedException Closed(Endpoint ep)
            => ep.Closed ? new ChannelClosedException(ep.Describe() + ": this end is closed")
                : new ChannelClosedException(ep.Describe() + ": receive on a channel whose peer is closed");

        // Takes the end's oldest message for owner.
        private static unsafe MessageReader ReceiveLocked(ExchangeHeap heap, Endpoint ep, ExOwner owner, int message)
        {
            int slot = TakeLocked(heap, ep, owner, message);
            ref Slot s = ref heap.SlotAt(slot);
            byte* block = (byte*)s.Address;
            int descriptors = block[WireLayout.DescriptorCountOffset];
            for (int i = 0; i < descriptors; i++)
            {
                ulong* inner = (ulong*)(block + WireLayout.DescriptorOffset(i) + WireLayout.DescriptorHandleOffset);
                if (*inner != 0) *inner = heap.MoveLocked(ExHandle.SlotOf(*inner), owner);
            }
            ep.SpareInUse = true;
            return new MessageReader(ep, ExHandle.Make(slot, s.Generation), s.Address, s.MessageIndex);
        }

        // Takes the end's oldest message, of values alone, copying them out.
        private static unsafe void ReceiveValuesLocked(ExchangeHeap heap, Endpoint ep, ExOwner owner, int message, byte* values, uint length)
        {
            ContractInfo contract = ep.Contract;
            int arrived = heap.SlotAt(ep.Head).MessageIndex;
            if (arrived == message && (contract.MessageDescriptorCounts[message] != 0 || length > contract.MessageSizes[message] - WireLayout.HeaderSize))
                throw new ChannelException(ep.Describe() + ": " + contract.MessageName(message) + " is not a message of " + length.ToString() + " bytes of values");
            int slot = TakeLocked(heap, ep, owner, message);
            ExchangeHeap.Copy((byte*)heap.SlotAt(slot).Address + WireLayout.HeaderSize, values, length);
        }

        // Dequeues the end's oldest message, which must be message (or any, for -1), after the protocol check; its
        // block becomes the end's spare. The spare before goes to the peer when it has none — it carried the peer's own
        // message, and a peer whose replies are delivered straight to this end would otherwise take a new block for
        // every send; a shadow peer builds the next message arriving from the far kernel in it (ShadowEndpoints.
        // ArriveLocked) — else it is freed.
        private static int TakeLocked(ExchangeHeap heap, Endpoint ep, ExOwner owner, int message)
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
            if (ep.Spare != 0)
            {
                Endpoint peer = ep.Peer;
                if (peer.Spare == 0 && !peer.Closed)
                {
                    ref Slot old = ref heap.SlotAt(ep.Spare);
                    old.Generation++;       // this end's handle to it dies
                    old.Owner = peer.Link is null ? heap.SlotAt(peer.Slot).Owner : heap.KernelOwner.Id;
                    peer.Spare = ep.Spare;
                    peer.SpareInUse = false;
                }
                else heap.FreeSlotLocked(ep.Spare);
            }
            ep.Spare = slot;                // reused by the next send, or passed on at the next receive
            ep.SpareInUse = false;
            return slot;
        }

        /// <summary>Waits for the next message and returns its index without receiving it; -1 when the channel is closed and empty.</summary>
        public static unsafe int WaitNext(ulong endpoint, ContractInfo contract, byte side, long timeoutNanoseconds = -1)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null) return RemoteChannel.WaitNext(endpoint, contract, side, timeoutNanoseconds);
            ChannelHost host = heap.Host;
            ExOwner owner = host.CurrentOwner;
            Parking parking = null;
            Endpoint parkedOn = null;
            while (true)
            {
                Endpoint ep;
                nuint state = host.Lock();
                try
                {
                    Unpark(parkedOn, parking);
                    parkedOn = null;
                    ep = ResolveLocked(heap, endpoint, owner, contract, side);
                    if (ep.Head != 0) return heap.SlotAt(ep.Head).MessageIndex;
                    if (ep.Closed || ep.PeerClosed) return -1;
                    if (timeoutNanoseconds < 0) parkedOn = Park(host, ep, ref parking, -1, false, null, 0);     // a timeout needs a timer: the signal's wait
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
