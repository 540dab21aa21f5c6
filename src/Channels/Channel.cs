// The channel operations generated endpoint types call, by handle: create a channel, send (BeginSend, write the
// values in place, Commit), receive (BeginReceive, read, End), wait for the next message, close. Each checks that
// the caller's owner holds the endpoint and that the protocol allows the message; a violation closes the channel
// and throws in the caller only (docs/channels.md).
using System;

namespace Helios.Channels
{
    public static class Channel
    {
        /// <summary>A new channel of contract, both ends held by the caller's owner.</summary>
        public static void Create(ContractInfo contract, out ulong importer, out ulong exporter)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null)
            {
                RemoteChannel.Create(contract, out importer, out exporter);
                return;
            }
            ChannelHost host = heap.Host;
            var imp = new Endpoint(contract, ContractInfo.Importer);
            var exp = new Endpoint(contract, ContractInfo.Exporter);
            imp.Peer = exp;
            exp.Peer = imp;
            imp.Signal = host.CreateSignal(imp);
            exp.Signal = host.CreateSignal(exp);
            imp.WaitList = host.CreateWaitList(new object[] { imp.Signal }, 1);
            exp.WaitList = host.CreateWaitList(new object[] { exp.Signal }, 1);
            ExOwner owner = host.CurrentOwner;
            nuint state = host.Lock();
            try
            {
                imp.Slot = heap.AllocateLocked(owner, SlotKind.Endpoint, 0);
                heap.SlotAt(imp.Slot).Endpoint = imp;
                exp.Slot = heap.AllocateLocked(owner, SlotKind.Endpoint, 0);
                heap.SlotAt(exp.Slot).Endpoint = exp;
                importer = ExHandle.Make(imp.Slot, heap.SlotAt(imp.Slot).Generation);
                exporter = ExHandle.Make(exp.Slot, heap.SlotAt(exp.Slot).Generation);
            }
            finally
            {
                host.Unlock(state);
            }
        }

        /// <summary>Starts a send: checks it, allocates the message block and writes its header.</summary>
        public static MessageWriter BeginSend(ulong endpoint, ContractInfo contract, byte side, int message)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null) return RemoteChannel.BeginSend(endpoint, contract, side, message);
            ChannelHost host = heap.Host;
            ExOwner owner = host.CurrentOwner;
            string violation = null;
            nuint state = host.Lock();
            try
            {
                Endpoint ep = ResolveLocked(heap, endpoint, owner, contract, side);
                if (ep.Closed) throw new ChannelClosedException(ep.Describe() + ": this end is closed");
                if (ep.PeerClosed) throw new ChannelClosedException(ep.Describe() + ": send of " + contract.MessageName(message) + " on a channel whose peer is closed");
                int next = contract.NextState(ep.State, message, side);
                if (next < 0)
                {
                    violation = ep.Describe() + " sent " + contract.MessageName(message) + " in state " + contract.StateName(ep.State)
                        + ", where " + contract.Allowed(ep.State) + "; the channel is closed";
                    ep.CloseLocked(heap);
                }
                else
                {
                    uint size = contract.MessageSizes[message];
                    int slot = ep.TakeSpareLocked(heap, size);
                    if (slot != 0)
                    {
                        ref Slot spare = ref heap.SlotAt(slot);
                        ExchangeHeap.Zero(spare.Address, size);
                        spare.ElementCount = size;
                    }
                    else slot = heap.AllocateLocked(owner, SlotKind.Message, size);
                    ref Slot s = ref heap.SlotAt(slot);
                    s.MessageIndex = message;
                    unsafe
                    {
                        byte* block = (byte*)s.Address;
                        *(ulong*)(block + WireLayout.ContractIdOffset) = contract.MessageContractIds[message];
                        *(ushort*)(block + WireLayout.TagOffset) = contract.MessageTags[message];
                        block[WireLayout.DescriptorCountOffset] = contract.MessageDescriptorCounts[message];
                        block[WireLayout.VersionOffset] = WireLayout.Version;
                        *(uint*)(block + WireLayout.BlockSizeOffset) = size;
                        return new MessageWriter(heap, ep, slot, s.Generation, (ulong)block, size, next);
                    }
                }
            }
            finally
            {
                host.Unlock(state);
            }
            throw new ProtocolViolationException(violation);
        }

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
            while (true)
            {
                object waitList;
                nuint state = host.Lock();
                try
                {
                    Endpoint ep = ResolveLocked(heap, endpoint, owner, contract, side);
                    if (ep.Head != 0)
                    {
                        int slot = ep.Head;
                        int arrived = heap.SlotAt(slot).MessageIndex;
                        if (message >= 0 && arrived != message)
                            throw new UnexpectedMessageException(ep.Describe() + " expected " + contract.MessageName(message)
                                + " but the next message is " + contract.MessageName(arrived));
                        int next = contract.NextState(ep.State, arrived, ep.PeerSide);
                        if (next < 0) throw new ChannelException(ep.Describe() + ": a queued message the protocol forbids (monitors disagree)");
                        ep.DequeueLocked(heap);
                        ep.State = next;
                        ulong handle = heap.MoveLocked(slot, owner);
                        ulong block = heap.SlotAt(slot).Address;
                        unsafe
                        {
                            int descriptors = *(byte*)(block + WireLayout.DescriptorCountOffset);
                            for (int i = 0; i < descriptors; i++)
                            {
                                ulong* inner = (ulong*)(block + (ulong)WireLayout.DescriptorOffset(i) + WireLayout.DescriptorHandleOffset);
                                if (*inner != 0) *inner = heap.MoveLocked(ExHandle.SlotOf(*inner), owner);
                            }
                        }
                        ep.ReleaseSpareLocked(heap);
                        ep.Spare = handle;              // freed at the next receive, or reused by the next send
                        ep.SpareInUse = true;
                        return new MessageReader(ep, handle, block, arrived);
                    }
                    if (ep.Closed) throw new ChannelClosedException(ep.Describe() + ": this end is closed");
                    if (ep.PeerClosed) throw new ChannelClosedException(ep.Describe() + ": receive on a channel whose peer is closed");
                    waitList = ep.WaitList;
                }
                finally
                {
                    host.Unlock(state);
                }
                host.WaitAny(waitList, -1);
            }
        }

        /// <summary>Waits for the next message and returns its index without receiving it; -1 when the channel is closed and empty.</summary>
        public static int WaitNext(ulong endpoint, ContractInfo contract, byte side, long timeoutNanoseconds = -1)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null) return RemoteChannel.WaitNext(endpoint, contract, side, timeoutNanoseconds);
            ChannelHost host = heap.Host;
            ExOwner owner = host.CurrentOwner;
            while (true)
            {
                object waitList;
                nuint state = host.Lock();
                try
                {
                    Endpoint ep = ResolveLocked(heap, endpoint, owner, contract, side);
                    if (ep.Head != 0) return heap.SlotAt(ep.Head).MessageIndex;
                    if (ep.Closed || ep.PeerClosed) return -1;
                    waitList = ep.WaitList;
                }
                finally
                {
                    host.Unlock(state);
                }
                if (host.WaitAny(waitList, timeoutNanoseconds) < 0) return -2;
            }
        }

        /// <summary>Closes the caller's end (Sing#'s delete): queued messages are freed, the peer sees the channel closed.</summary>
        public static void Close(ulong endpoint, ContractInfo contract, byte side)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null)
            {
                RemoteChannel.Close(endpoint, contract, side);
                return;
            }
            ChannelHost host = heap.Host;
            ExOwner owner = host.CurrentOwner;
            nuint state = host.Lock();
            try
            {
                Endpoint ep = ResolveLocked(heap, endpoint, owner, contract, side);
                heap.DestroyLocked(ep.Slot);
            }
            finally
            {
                host.Unlock(state);
            }
        }

        /// <summary>The endpoint's protocol state (its index in the contract's table), for tests and diagnostics.</summary>
        public static int StateOf(ulong endpoint, ContractInfo contract, byte side)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null) return RemoteChannel.StateOf(endpoint, contract, side);
            nuint state = heap.Host.Lock();
            try
            {
                return ResolveLocked(heap, endpoint, heap.Host.CurrentOwner, contract, side).State;
            }
            finally
            {
                heap.Host.Unlock(state);
            }
        }

        /// <summary>Whether the channel is closed (either end) — a receive may still find queued messages.</summary>
        public static bool IsClosed(ulong endpoint, ContractInfo contract, byte side)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null) return RemoteChannel.IsClosed(endpoint, contract, side);
            nuint state = heap.Host.Lock();
            try
            {
                Endpoint ep = ResolveLocked(heap, endpoint, heap.Host.CurrentOwner, contract, side);
                return ep.Closed || ep.PeerClosed;
            }
            finally
            {
                heap.Host.Unlock(state);
            }
        }

        /// <summary>Throws unless handle is a live endpoint of contract on side, held by the caller's owner.</summary>
        public static void CheckEndpoint(ulong endpoint, ContractInfo contract, byte side)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null)
            {
                RemoteChannel.StateOf(endpoint, contract, side);
                return;
            }
            nuint state = heap.Host.Lock();
            try
            {
                ResolveLocked(heap, endpoint, heap.Host.CurrentOwner, contract, side);
            }
            finally
            {
                heap.Host.Unlock(state);
            }
        }

        /// <summary>
        /// Sends a message block begun with BeginSend and filled in place by a caller that holds only its handle (a
        /// process: the kernel commits on its behalf). Checks the endpoint and the block are the caller's.
        /// </summary>
        public static void CommitSend(ulong endpoint, ulong message)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            ChannelHost host = heap.Host;
            ExOwner owner = host.CurrentOwner;
            MessageWriter writer;
            nuint state = host.Lock();
            try
            {
                Endpoint ep = ResolveLocked(heap, endpoint, owner, null, 0);
                int slot = heap.CheckOwnedLocked(message, owner, SlotKind.Message);
                ref Slot s = ref heap.SlotAt(slot);
                int next = ep.Contract.NextState(ep.State, s.MessageIndex, ep.Side);
                uint size = next < 0 ? 0u : ep.Contract.MessageSizes[s.MessageIndex];
                if (next < 0 || s.Capacity < size) throw new ChannelException(ep.Describe() + ": a message block begun for another state or endpoint");
                // The header is the kernel's word, whatever the caller wrote over it in place.
                unsafe
                {
                    byte* block = (byte*)s.Address;
                    *(ulong*)(block + WireLayout.ContractIdOffset) = ep.Contract.MessageContractIds[s.MessageIndex];
                    *(ushort*)(block + WireLayout.TagOffset) = ep.Contract.MessageTags[s.MessageIndex];
                    block[WireLayout.DescriptorCountOffset] = ep.Contract.MessageDescriptorCounts[s.MessageIndex];
                    block[WireLayout.VersionOffset] = WireLayout.Version;
                    *(uint*)(block + WireLayout.BlockSizeOffset) = size;
                }
                writer = new MessageWriter(heap, ep, slot, s.Generation, s.Address, size, next);
            }
            finally
            {
                host.Unlock(state);
            }
            writer.Commit();
        }

        /// <summary>The contract of an endpoint the caller holds (a kernel serving a process checks the id it names).</summary>
        public static ContractInfo ContractOf(ulong endpoint)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            nuint state = heap.Host.Lock();
            try
            {
                return ResolveLocked(heap, endpoint, heap.Host.CurrentOwner, null, 0).Contract;
            }
            finally
            {
                heap.Host.Unlock(state);
            }
        }

        internal static Endpoint ResolveLocked(ExchangeHeap heap, ulong handle, ExOwner owner, ContractInfo contract, byte side)
        {
            int slot = heap.CheckOwnedLocked(handle, owner, SlotKind.Endpoint);
            Endpoint ep = heap.SlotAt(slot).Endpoint;
            if (contract is not null && (ep.Contract.Id != contract.Id || ep.Side != side))
                throw new ChannelException("handle 0x" + handle.ToString("X") + " names a " + ep.Describe() + ", not a "
                    + contract.Name + (side == ContractInfo.Importer ? " importer" : " exporter"));
            return ep;
        }
    }
}
