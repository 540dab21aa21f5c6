// A message being built in place in the exchange heap: the generated Send methods write each parameter at the offset
// the contract's layout gives it, then Commit sends it (Channel.Send.cs).
using System.Runtime.CompilerServices;

namespace Helios.Channels
{
    public unsafe struct MessageWriter
    {
        private readonly ExchangeHeap _heap;
        internal readonly Endpoint Endpoint;
        internal readonly int Slot;
        internal readonly uint Generation;
        private readonly ulong _block;
        private readonly uint _size;
        internal readonly int State;                // the end's protocol state when the send began
        internal readonly int NextState;            // and after it
        private readonly ulong _endpointHandle;     // in a process (no heap here): the kernel commits by handles

        internal MessageWriter(ExchangeHeap heap, Endpoint endpoint, int slot, uint generation, ulong block, uint size, int state, int next)
        {
            _heap = heap;
            Endpoint = endpoint;
            Slot = slot;
            Generation = generation;
            _block = block;
            _size = size;
            State = state;
            NextState = next;
            _endpointHandle = 0;
        }

        // In a process: a block the kernel began for the endpoint; Commit asks the kernel to send it.
        internal MessageWriter(ulong endpoint, ulong message, ulong block, uint size)
        {
            _heap = null;
            Endpoint = null;
            Slot = ExHandle.SlotOf(message);
            Generation = ExHandle.GenerationOf(message);
            _block = block;
            _size = size;
            State = NextState = 0;
            _endpointHandle = endpoint;
        }

        /// <summary>Where the block is (the kernel hands it to a process, which writes it in place).</summary>
        public ulong Block => _block;

        /// <summary>The message's size: what Write may fill.</summary>
        public uint Size => _size;

        /// <summary>The block's handle, held by the sender until Commit.</summary>
        public ulong Handle => ExHandle.Make(Slot, Generation);

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
            Endpoint shadow = Endpoint?.Peer;
            nuint state = host.Lock();
            try
            {
                Channel.CommitLocked(heap, in this);
            }
            finally
            {
                host.Unlock(state);
            }
            if (shadow?.Link is not null) Channel.WaitForLink(heap, shadow);
        }
    }
}
