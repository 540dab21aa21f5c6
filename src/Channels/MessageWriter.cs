// A message being built in place in the exchange heap: the generated Send methods write each parameter at the offset
// the contract's layout gives it, then Commit links the block into the peer's queue. Commit checks every handle the
// message carries first (held by the sender, live, not twice), so a failed send changes nothing but freeing the block.
using System.Runtime.CompilerServices;

namespace Helios.Channels
{
    public unsafe struct MessageWriter
    {
        private readonly ExchangeHeap _heap;
        private readonly Endpoint _endpoint;
        private readonly int _slot;
        private readonly uint _generation;
        private readonly ulong _block;
        private readonly uint _size;
        private readonly int _next;
        private readonly ulong _endpointHandle;     // in a process (no heap here): the kernel commits by handles

        internal MessageWriter(ExchangeHeap heap, Endpoint endpoint, int slot, uint generation, ulong block, uint size, int next)
        {
            _heap = heap;
            _endpoint = endpoint;
            _slot = slot;
            _generation = generation;
            _block = block;
            _size = size;
            _next = next;
        }

        // In a process: a block the kernel began for the endpoint; Commit asks the kernel to send it.
        internal MessageWriter(ulong endpoint, ulong message, ulong block, uint size)
        {
            _heap = null;
            _endpoint = null;
            _slot = ExHandle.SlotOf(message);
            _generation = ExHandle.GenerationOf(message);
            _block = block;
            _size = size;
            _next = 0;
            _endpointHandle = endpoint;
        }

        /// <summary>Where the block is (the kernel hands it to a process, which writes it in place).</summary>
        public ulong Block => _block;

        /// <summary>The message's size: what Write may fill.</summary>
        public uint Size => _size;

        /// <summary>The block's handle, held by the sender until Commit.</summary>
        public ulong Handle => ExHandle.Make(_slot, _generation);

        /// <summary>Writes a value parameter (a primitive or a contract struct) at its layout offset.</summary>
        public void Write<T>(int offset, T value) where T : struct
        {
            if ((uint)offset > _size - (uint)Unsafe.SizeOf<T>()) throw new System.ArgumentOutOfRangeException(nameof(offset));
            Unsafe.WriteUnaligned((void*)(_block + (ulong)offset), value);
        }

        /// <summary>Puts an exchange-heap array in descriptor slot index; it moves to the receiver when the message is sent.</summary>
        public void WriteArray(int index, ulong handle)
        {
            byte* d = Descriptor(index);
            d[WireLayout.DescriptorKindOffset] = WireLayout.KindArray;
            *(ulong*)(d + WireLayout.DescriptorHandleOffset) = handle;
        }

        /// <summary>Puts an endpoint (kind 2 importer, 3 exporter) in descriptor slot index; it moves with the message.</summary>
        public void WriteEndpoint(int index, ulong handle, byte kind)
        {
            byte* d = Descriptor(index);
            d[WireLayout.DescriptorKindOffset] = kind;
            *(ulong*)(d + WireLayout.DescriptorHandleOffset) = handle;
        }

        private byte* Descriptor(int index)
        {
            if ((uint)index >= *(byte*)(_block + WireLayout.DescriptorCountOffset)) throw new System.ArgumentOutOfRangeException(nameof(index));
            return (byte*)(_block + (ulong)WireLayout.DescriptorOffset(index));
        }

        /// <summary>Sends: checks the carried handles, moves them and the block in flight, queues it at the peer, wakes it.</summary>
        public void Commit()
        {
            ExchangeHeap heap = _heap;
            if (heap is null)
            {
                RemoteChannel.Commit(_endpointHandle, Handle);
                return;
            }
            ChannelHost host = heap.Host;
            nuint state = host.Lock();
            try
            {
                ref Slot message = ref heap.SlotAt(_slot);
                if (message.Generation != _generation || message.Kind != SlotKind.Message) throw ExchangeHeap.Dead(ExHandle.Make(_slot, _generation));
                ExOwner owner = heap.OwnerById(message.Owner);
                int descriptors = *(byte*)(_block + WireLayout.DescriptorCountOffset);
                try
                {
                    if (_endpoint.Closed) throw new ChannelClosedException(_endpoint.Describe() + ": this end is closed");
                    if (_endpoint.PeerClosed) throw new ChannelClosedException(_endpoint.Describe() + ": send on a channel whose peer is closed");
                    for (int i = 0; i < descriptors; i++) CheckLocked(heap, owner, i);
                }
                catch
                {
                    heap.FreeSlotLocked(_slot);
                    throw;
                }
                for (int i = 0; i < descriptors; i++)
                {
                    byte* d = (byte*)(_block + (ulong)WireLayout.DescriptorOffset(i));
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
                heap.MoveLocked(_slot, null);
                _endpoint.State = _next;
                Endpoint peer = _endpoint.Peer;
                peer.EnqueueLocked(heap, _slot);
                host.Signal(peer.Signal);
            }
            finally
            {
                host.Unlock(state);
            }
        }

        private void CheckLocked(ExchangeHeap heap, ExOwner owner, int index)
        {
            byte* d = (byte*)(_block + (ulong)WireLayout.DescriptorOffset(index));
            ulong handle = *(ulong*)(d + WireLayout.DescriptorHandleOffset);
            if (handle == 0) return;
            byte kind = d[WireLayout.DescriptorKindOffset];
            int slot = heap.CheckOwnedLocked(handle, owner, kind == WireLayout.KindArray ? SlotKind.Buffer : SlotKind.Endpoint);
            for (int j = 0; j < index; j++)
                if (*(ulong*)(_block + (ulong)WireLayout.DescriptorOffset(j) + WireLayout.DescriptorHandleOffset) == handle)
                    throw new UseAfterSendException("handle 0x" + handle.ToString("X") + " is sent twice in one message");
            if (kind != WireLayout.KindArray)
            {
                Endpoint carried = heap.SlotAt(slot).Endpoint;
                if (carried == _endpoint || carried == _endpoint.Peer)
                    throw new ChannelException(_endpoint.Describe() + ": a channel's own endpoint cannot travel over it");
                if (carried.Side != (kind == WireLayout.KindImporter ? ContractInfo.Importer : ContractInfo.Exporter))
                    throw new ChannelException("an endpoint of the wrong side in a message of " + _endpoint.Contract.Name);
            }
        }
    }
}
