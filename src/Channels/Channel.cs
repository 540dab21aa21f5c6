// The channel operations generated endpoint types call, by handle: create a channel, send (Channel.Send.cs:
// BeginSend, write the values in place, Commit), receive (Channel.Receive.cs: BeginReceive, read, End), wait for the
// next message, close. Each checks that the caller's owner holds the endpoint and that the protocol allows the
// message; a violation closes the channel and throws in the caller only (docs/channels.md).
using System;
using System.Runtime.CompilerServices;

namespace Helios.Channels
{
    public static partial class Channel
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

        // The endpoint handle names, checked: live, held by owner, of contract (null: any) on side.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static Endpoint ResolveLocked(ExchangeHeap heap, ulong handle, ExOwner owner, ContractInfo contract, byte side)
        {
            Endpoint ep = heap.EndpointLocked(handle, owner);
            if (ep is not null && (contract is null || ((object)ep.Contract == contract || ep.Contract.Id == contract.Id) && ep.Side == side)) return ep;
            return ResolveFailedLocked(heap, handle, owner, contract?.Name, contract is null ? 0 : contract.Id, side);
        }

        // The same by the contract's id alone (what a process names): the endpoint's own contract is the kernel's table.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static Endpoint ResolveLocked(ExchangeHeap heap, ulong handle, ExOwner owner, ulong contractId, byte side)
        {
            Endpoint ep = heap.EndpointLocked(handle, owner);
            if (ep is not null && ep.Contract.Id == contractId && ep.Side == side) return ep;
            return ResolveFailedLocked(heap, handle, owner, ContractInfo.Find(contractId)?.Name, contractId, side);
        }

        // Throws what is wrong with the handle.
        private static Endpoint ResolveFailedLocked(ExchangeHeap heap, ulong handle, ExOwner owner, string contractName, ulong contractId, byte side)
        {
            int slot = heap.CheckOwnedLocked(handle, owner, SlotKind.Endpoint);
            Endpoint ep = heap.SlotAt(slot).Endpoint;
            throw new ChannelException("handle 0x" + handle.ToString("X") + " names a " + ep.Describe() + ", not a "
                + (contractName ?? "contract 0x" + contractId.ToString("X")) + (side == ContractInfo.Importer ? " importer" : " exporter"));
        }
    }
}
