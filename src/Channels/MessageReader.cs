// A received message, still in place in the exchange heap and now the receiver's: the generated Receive methods read
// each parameter at its layout offset, take the carried handles (already the receiver's), then End hands the block
// back to the endpoint, which reuses it for its next send or frees it at its next receive or close.
using System.Runtime.CompilerServices;

namespace Helios.Channels
{
    public unsafe struct MessageReader
    {
        private readonly Endpoint _endpoint;
        private readonly ulong _handle;
        private readonly ulong _block;

        internal MessageReader(Endpoint endpoint, ulong handle, ulong block, int message)
        {
            _endpoint = endpoint;
            _handle = handle;
            _block = block;
            Message = message;
        }

        /// <summary>Where the block is, and its handle (the kernel hands both to a process, which reads it in place).</summary>
        public ulong Block => _block;

        public ulong Handle => _handle;

        /// <summary>The message's index in its contract.</summary>
        public int Message { get; }

        public T Read<T>(int offset) where T : struct
        {
            uint size = *(uint*)(_block + WireLayout.BlockSizeOffset);
            if ((uint)offset > size - (uint)Unsafe.SizeOf<T>()) throw new System.ArgumentOutOfRangeException(nameof(offset));
            return Unsafe.ReadUnaligned<T>((void*)(_block + (ulong)offset));
        }

        /// <summary>The handle in descriptor slot index (an array or endpoint, now the receiver's), or 0.</summary>
        public ulong ReadHandle(int index)
        {
            if ((uint)index >= *(byte*)(_block + WireLayout.DescriptorCountOffset)) throw new System.ArgumentOutOfRangeException(nameof(index));
            return *(ulong*)(_block + (ulong)WireLayout.DescriptorOffset(index) + WireLayout.DescriptorHandleOffset);
        }

        /// <summary>The endpoint in descriptor slot index, checked to be an end of contract on side (0 if null).</summary>
        public ulong ReadEndpoint(int index, ContractInfo contract, byte side)
        {
            ulong handle = ReadHandle(index);
            if (handle == 0) return 0;
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null)
            {
                RemoteChannel.StateOf(handle, contract, side);
                return handle;
            }
            nuint state = heap.Host.Lock();
            try
            {
                Channel.ResolveLocked(heap, handle, heap.Host.CurrentOwner, contract, side);
            }
            finally
            {
                heap.Host.Unlock(state);
            }
            return handle;
        }

        /// <summary>Done reading: the block may be reused (it stays the receiver's; its arrays and endpoints too).</summary>
        public void End()
        {
            // In a process the kernel ended the receive already (the process reads before it can send again).
            if (_endpoint is not null) System.Threading.Volatile.Write(ref _endpoint.SpareInUse, false);
        }
    }
}
