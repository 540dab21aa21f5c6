// `T[] in ExHeap`: an array of blittable values in the exchange heap, named by a handle. Copies of the struct share
// the handle; once the array is sent (or freed) every copy is dead and touching it throws UseAfterSendException in
// whoever touched it. T must be blittable (checked at allocation: `struct` because the runtime has no `unmanaged`). The data never moves: a send moves only the handle's ownership.
using System;
using System.Runtime.CompilerServices;

namespace Helios.Channels
{
    public readonly unsafe struct ExArray<T> where T : struct
    {
        public ExArray(ulong handle)
        {
            Handle = handle;
        }

        public ulong Handle { get; }

        public bool IsNull => Handle == 0;

        /// <summary>A zeroed array of length elements, held by the running code's owner.</summary>
        public static ExArray<T> Allocate(int length)
        {
            if (RuntimeHelpers.IsReferenceOrContainsReferences<T>()) throw new ArgumentException("exchange-heap arrays hold blittable values only");
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null) return new ExArray<T>(RemoteChannel.AllocateArray(Unsafe.SizeOf<T>(), length));
            return new ExArray<T>(heap.AllocateArray(heap.Host.CurrentOwner, Unsafe.SizeOf<T>(), length));
        }

        public int Length
        {
            get
            {
                if (Handle == 0) throw new NullReferenceException();
                Resolve(Handle, out uint count);
                return (int)count;
            }
        }

        /// <summary>The elements, in place; valid until the array is sent or freed.</summary>
        public Span<T> Span
        {
            get
            {
                if (Handle == 0) return Span<T>.Empty;
                byte* data = Resolve(Handle, out uint count);
                return new Span<T>(data, (int)count);
            }
        }

        public ref T this[int index]
        {
            get
            {
                if (Handle == 0) throw new NullReferenceException();
                byte* data = Resolve(Handle, out uint count);
                if ((uint)index >= count) throw new IndexOutOfRangeException();
                return ref Unsafe.AsRef<T>(data + (ulong)index * (ulong)Unsafe.SizeOf<T>());
            }
        }

        public bool IsLive => Handle != 0 && (ExchangeHeap.Current is ExchangeHeap heap ? heap.IsLive(Handle) : RemoteChannel.Calls.IsLive(Handle));

        private static byte* Resolve(ulong handle, out uint count)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            return heap is null ? RemoteChannel.Resolve(handle, out count) : heap.Resolve(handle, out _, out count);
        }

        /// <summary>Frees the array (Sing#'s delete); every copy of the handle is dead afterwards.</summary>
        public void Free()
        {
            if (Handle == 0) return;
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null)
            {
                RemoteChannel.Free(Handle);
                return;
            }
            heap.Free(Handle, heap.Host.CurrentOwner);
        }
    }
}
