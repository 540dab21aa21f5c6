// A local send, start to finish. BeginSend checks the endpoint and the protocol and hands out a block (the end's
// spare, else a new one) with its header written; the generated Send writes the values in place; Commit checks what
// the message carries, moves it in flight, links the block into the peer's queue and wakes the peer. Nothing is
// copied: the receiver reads the same block. A process does the same through two kernel calls (begin, commit).
// A message of values alone (no arrays or endpoints: most requests and replies) goes in one step instead, Send:
// the values are written into the block straight from the caller's, under one lock (one kernel call in a process).
using System;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Helios.Channels
{
    public static partial class Channel
    {
        /// <summary>Starts a send: checks it, takes the message block and writes its header.</summary>
        public static MessageWriter BeginSend(ulong endpoint, ContractInfo contract, byte side, int message)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null) return RemoteChannel.BeginSend(endpoint, contract, side, message);
            ChannelHost host = heap.Host;
            ExOwner owner = host.CurrentOwner;
            nuint state = host.Lock();
            try
            {
                Endpoint ep = ResolveLocked(heap, endpoint, owner, contract, side);
                if (ep.Closed || ep.PeerClosed) throw SendOnClosed(ep, message);
                int next = contract.NextState(ep.State, message, side);
                if (next < 0) throw ViolationLocked(heap, ep, message);
                if (ep.Building != 0)
                {
                    heap.FreeSlotLocked(ep.Building);       // a send begun and never committed
                    ep.Building = 0;
                }
                uint size = contract.MessageSizes[message];
                int slot = ep.TakeSpareLocked(heap, size);
                if (slot != 0)
                {
                    ref Slot spare = ref heap.SlotAt(slot);
                    ExchangeHeap.Zero(spare.Address + WireLayout.HeaderSize, size - WireLayout.HeaderSize);
                    spare.ElementCount = size;
                }
                else slot = heap.AllocateLocked(owner, SlotKind.Message, size);
                ep.Building = slot;
                ref Slot s = ref heap.SlotAt(slot);
                s.MessageIndex = message;
                contract.WriteHeader(s.Address, message);
                return new MessageWriter(heap, ep, slot, s.Generation, s.Address, size, ep.State, next);
            }
            finally
            {
                host.Unlock(state);
            }
        }

        /// <summary>
        /// Sends message, whose fields are all values, in one step: values is the message after its header (the
        /// generated payload struct, laid out as the contract says).
        /// </summary>
        public static unsafe void Send<T>(ulong endpoint, ContractInfo contract, byte side, int message, in T values) where T : struct
        {
            if (RuntimeHelpers.IsReferenceOrContainsReferences<T>()) throw new ChannelException(typeof(T).Name + " holds references: not message values");
            fixed (byte* p = &Unsafe.As<T, byte>(ref Unsafe.AsRef(in values)))
            {
                ExchangeHeap heap = ExchangeHeap.Current;
                if (heap is null) RemoteChannel.Send(endpoint, contract, side, message, (ulong)p, (uint)Unsafe.SizeOf<T>());
                else SendValues(heap, endpoint, contract.Id, side, message, p, (uint)Unsafe.SizeOf<T>());
            }
        }

        /// <summary>Sends message, which has no fields, in one step.</summary>
        public static unsafe void Send(ulong endpoint, ContractInfo contract, byte side, int message)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null) RemoteChannel.Send(endpoint, contract, side, message, 0, 0);
            else SendValues(heap, endpoint, contract.Id, side, message, null, 0);
        }

        /// <summary>Send's work on the kernel's side: the caller's owner holds endpoint; length bytes of values follow the header.</summary>
        public static unsafe void SendValues(ExchangeHeap heap, ulong endpoint, ulong contractId, byte side, int message, byte* values, uint length)
        {
            ChannelHost host = heap.Host;
            ExOwner owner = host.CurrentOwner;
            Endpoint shadow = null;
            nuint state = host.Lock();
            try
            {
                Endpoint ep = ResolveLocked(heap, endpoint, owner, contractId, side);
                ContractInfo contract = ep.Contract;
                if (ep.Closed || ep.PeerClosed) throw SendOnClosed(ep, message);
                int next = contract.NextState(ep.State, message, side);
                if (next < 0) throw ViolationLocked(heap, ep, message);
                uint size = contract.MessageSizes[message];
                if (contract.MessageDescriptorCounts[message] != 0 || length > size - WireLayout.HeaderSize)
                    throw new ChannelException(ep.Describe() + ": " + contract.MessageName(message) + " is not a message of "
                        + length.ToString() + " bytes of values");
                Endpoint peer = ep.Peer;
                Parking parked = peer.Waiter;
                bool sent = false;              // one way out of the try: its finally is then inlined, not called
                if (parked is not null && parked.TakesValues && peer.Head == 0 && parked.Expected == message && parked.Length == length)
                {
                    int received = contract.NextState(peer.State, message, side);      // the peer's monitor agrees
                    if (received >= 0)
                    {
                        // The receiver asleep for exactly this: receive for it. Its values, then Delivered, then the wake.
                        ep.State = next;
                        peer.State = received;
                        ExchangeHeap.Copy(values, parked.Values, length);
                        Volatile.Write(ref parked.Delivered, message);
                        peer.Waiter = null;
                        host.Wake(parked);
                        sent = true;
                    }
                }
                if (!sent && peer.Link is not null && peer.Link.TryForwardValuesLocked(peer, message, next, values, length))
                {
                    ep.State = next;                // onto the ring to the other kernel, no block in between
                    sent = true;                    // (only with nothing in the link's backlog: no reason to wait)
                }
                if (!sent) shadow = SendBlockLocked(heap, ep, owner, message, next, values, length);
            }
            finally
            {
                host.Unlock(state);
            }
            if (shadow is not null) WaitForLinkAfterBlock(heap, shadow);
        }

        // SendValues's way when nobody takes the values straight: in a message block (the end's spare, else a new one),
        // delivered to the peer. Returns the peer when it is a shadow the sender must wait for (MustWaitLocked).
        private static unsafe Endpoint SendBlockLocked(ExchangeHeap heap, Endpoint ep, ExOwner owner, int message, int next, byte* values, uint length)
        {
            ContractInfo contract = ep.Contract;
            uint size = contract.MessageSizes[message];
            Endpoint peer = ep.Peer;
            if (ep.Building != 0)
            {
                heap.FreeSlotLocked(ep.Building);       // a send begun and never committed
                ep.Building = 0;
            }
            int slot = ep.TakeSpareLocked(heap, size);
            if (slot == 0) slot = heap.AllocateLocked(owner, SlotKind.Message, size);
            ref Slot s = ref heap.SlotAt(slot);
            byte* block = (byte*)s.Address;
            contract.WriteHeader(s.Address, message);
            ExchangeHeap.Copy(values, block + WireLayout.HeaderSize, length);
            ExchangeHeap.Zero(s.Address + WireLayout.HeaderSize + length, size - WireLayout.HeaderSize - length);
            s.ElementCount = size;
            s.MessageIndex = message;
            s.Generation++;                 // no handle to the block survives the send
            s.Owner = Slot.InFlight;
            ep.State = next;
            peer.DeliverLocked(heap, slot);
            return peer.Link is not null && peer.Link.MustWaitLocked(peer, heap.Host) ? peer : null;
        }

        // A sender the link held back under the send's own lock (MustWaitLocked registered it): sleeps, then waits on
        // as WaitForLink does. A sender that need not wait takes the lock only once.
        private static void WaitForLinkAfterBlock(ExchangeHeap heap, Endpoint shadow)
        {
            heap.Host.Block();
            WaitForLink(heap, shadow);
        }

        /// <summary>
        /// After a send to a shadow, outside the lock: a sender whose messages pile up at the link waits until the link
        /// has sent some (flow control: a slow far kernel holds the sender back, not the sender's exchange heap).
        /// </summary>
        internal static void WaitForLink(ExchangeHeap heap, Endpoint shadow)
        {
            ChannelHost host = heap.Host;
            while (true)
            {
                nuint state = host.Lock();
                try
                {
                    if (!shadow.Link.MustWaitLocked(shadow, host)) return;
                }
                finally
                {
                    host.Unlock(state);
                }
                host.Block();
            }
        }

        /// <summary>
        /// Sends a message block begun with BeginSend and filled in place by a caller that holds only its handle (a
        /// process: the kernel commits on its behalf). Checks the endpoint is the caller's and the block its own.
        /// </summary>
        public static void CommitSend(ulong endpoint, ulong message)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            ChannelHost host = heap.Host;
            ExOwner owner = host.CurrentOwner;
            Endpoint shadow = null;
            nuint state = host.Lock();
            try
            {
                Endpoint ep = ResolveLocked(heap, endpoint, owner, null, 0);
                int slot = ExHandle.SlotOf(message);
                if (slot == 0 || ep.Building != slot || heap.SlotAt(slot).Generation != ExHandle.GenerationOf(message))
                    throw new ChannelException(ep.Describe() + ": message 0x" + message.ToString("X") + " is not the one begun on this end");
                ref Slot s = ref heap.SlotAt(slot);
                ContractInfo contract = ep.Contract;
                int next = contract.NextState(ep.State, s.MessageIndex, ep.Side);
                if (next < 0) throw new ChannelException(ep.Describe() + ": a message block begun for another state");
                // The header is the kernel's word, whatever the caller wrote over it in place.
                uint size = contract.MessageSizes[s.MessageIndex];
                contract.WriteHeader(s.Address, s.MessageIndex);
                CommitLocked(heap, new MessageWriter(heap, ep, slot, s.Generation, s.Address, size, ep.State, next));
                if (ep.Peer.Link is not null && ep.Peer.Link.MustWaitLocked(ep.Peer, host)) shadow = ep.Peer;
            }
            finally
            {
                host.Unlock(state);
            }
            if (shadow is not null) WaitForLinkAfterBlock(heap, shadow);
        }

        // Sends the writer's block: what it carries is checked first, so a failed send changes nothing but freeing it.
        internal static unsafe void CommitLocked(ExchangeHeap heap, in MessageWriter writer)
        {
            Endpoint ep = writer.Endpoint;
            int slot = writer.Slot;
            ref Slot message = ref heap.SlotAt(slot);
            if (ep.Building != slot || message.Generation != writer.Generation) throw ExchangeHeap.Dead(writer.Handle);
            byte* block = (byte*)writer.Block;
            int descriptors = block[WireLayout.DescriptorCountOffset];
            if (ep.Closed || ep.PeerClosed || ep.State != writer.State || descriptors != 0 || ep.Peer.Link is not null)
                CheckSendLocked(heap, ep, block, descriptors, writer);
            for (int i = 0; i < descriptors; i++)
            {
                byte* d = block + WireLayout.DescriptorOffset(i);
                ulong handle = *(ulong*)(d + WireLayout.DescriptorHandleOffset);
                if (handle == 0) continue;
                int inner = ExHandle.SlotOf(handle);
                if (d[WireLayout.DescriptorKindOffset] == WireLayout.KindArray)
                {
                    ref Slot array = ref heap.SlotAt(inner);
                    *(ushort*)(d + WireLayout.DescriptorElementSizeOffset) = array.ElementSize;
                    *(uint*)(d + WireLayout.DescriptorCountFieldOffset) = array.ElementCount;
                }
                *(ulong*)(d + WireLayout.DescriptorHandleOffset) = heap.MoveLocked(inner, null);
            }
            ep.Building = 0;
            message.Generation++;           // the sender's handle dies
            message.Owner = Slot.InFlight;
            ep.State = writer.NextState;
            ep.Peer.DeliverLocked(heap, slot);
        }

        // The uncommon checks of a commit; on failure the block is freed and the end keeps its state.
        private static unsafe void CheckSendLocked(ExchangeHeap heap, Endpoint ep, byte* block, int descriptors, in MessageWriter writer)
        {
            try
            {
                if (ep.Closed || ep.PeerClosed) throw SendOnClosed(ep, heap.SlotAt(writer.Slot).MessageIndex);
                if (ep.State != writer.State) throw new ChannelException(ep.Describe() + ": the end's state changed since the send began");
                ExOwner owner = heap.OwnerById(heap.SlotAt(writer.Slot).Owner);
                for (int i = 0; i < descriptors; i++) CheckCarriedLocked(heap, ep, owner, block, i);
                Endpoint peer = ep.Peer;
                string refusal = peer.Link?.RefusalLocked(heap, peer, writer.Slot);
                if (refusal is not null) throw new ChannelException(ep.Describe() + ": " + refusal);
            }
            catch
            {
                ep.Building = 0;
                heap.FreeSlotLocked(writer.Slot);
                throw;
            }
        }

        // A handle the message carries: held by the sender, not twice in the message, not an end of this channel.
        private static unsafe void CheckCarriedLocked(ExchangeHeap heap, Endpoint ep, ExOwner owner, byte* block, int index)
        {
            byte* d = block + WireLayout.DescriptorOffset(index);
            ulong handle = *(ulong*)(d + WireLayout.DescriptorHandleOffset);
            if (handle == 0) return;
            byte kind = d[WireLayout.DescriptorKindOffset];
            int slot = heap.CheckOwnedLocked(handle, owner, kind == WireLayout.KindArray ? SlotKind.Buffer : SlotKind.Endpoint);
            for (int j = 0; j < index; j++)
                if (*(ulong*)(block + WireLayout.DescriptorOffset(j) + WireLayout.DescriptorHandleOffset) == handle)
                    throw new UseAfterSendException("handle 0x" + handle.ToString("X") + " is sent twice in one message");
            if (kind != WireLayout.KindArray)
            {
                Endpoint carried = heap.SlotAt(slot).Endpoint;
                if (carried == ep || carried == ep.Peer)
                    throw new ChannelException(ep.Describe() + ": a channel's own endpoint cannot travel over it");
                if (carried.Side != (kind == WireLayout.KindImporter ? ContractInfo.Importer : ContractInfo.Exporter))
                    throw new ChannelException("an endpoint of the wrong side in a message of " + ep.Contract.Name);
            }
        }

        private static ChannelClosedException SendOnClosed(Endpoint ep, int message)
            => ep.Closed ? new ChannelClosedException(ep.Describe() + ": this end is closed")
                : new ChannelClosedException(ep.Describe() + ": send of " + ep.Contract.MessageName(message) + " on a channel whose peer is closed");

        // A send the protocol forbids: the channel closes and the sender alone hears of it.
        private static ProtocolViolationException ViolationLocked(ExchangeHeap heap, Endpoint ep, int message)
        {
            ContractInfo contract = ep.Contract;
            var violation = new ProtocolViolationException(ep.Describe() + " sent " + contract.MessageName(message) + " in state "
                + contract.StateName(ep.State) + ", where " + contract.Allowed(ep.State) + "; the channel is closed");
            ep.CloseLocked(heap);
            return violation;
        }
    }
}
