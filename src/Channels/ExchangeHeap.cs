// The exchange heap of one kernel: the memory messages and ExHeap arrays live in, outside every process's own heap,
// so that a send moves a block from one owner to another without copying it. Buffers come from 64 KiB chunks of
// pages (SizeClasses) and are named by handles into a slot table that records each block's single owner. Every
// mutation happens under the host's lock; resolving a handle to its memory (the common path) takes no lock: slot
// pages never move, and a generation read before and after the address makes a concurrent send visible.
using System;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Helios.Channels
{
    public sealed unsafe partial class ExchangeHeap
    {
        private const int SlotsPerPage = 1024;

        private readonly ChannelHost _host;
        private Slot[][] _slotPages = new Slot[4][];
        private int _slotCount = 1;                 // slot 0 is never used: handle 0 is null
        private int _freeSlot;                      // the free slots, linked through QueueNext
        private readonly ulong[] _freeBuffers = new ulong[SizeClasses.Count];   // per class, linked through the buffers
        private ExOwner[] _owners = new ExOwner[8];
        private int _ownerCount;

        public ExchangeHeap(ChannelHost host)
        {
            _host = host ?? throw new ArgumentNullException(nameof(host));
            KernelOwner = CreateOwner("kernel");
        }

        /// <summary>The heap channels use (the kernel installs its own at boot).</summary>
        public static ExchangeHeap Current
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => s_current;
        }

        private static ExchangeHeap s_current;

        public static void Install(ExchangeHeap heap) => s_current = heap ?? throw new ArgumentNullException(nameof(heap));

        public ChannelHost Host
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => _host;
        }

        /// <summary>Owner 0: what the kernel itself holds; it never dies.</summary>
        public ExOwner KernelOwner { get; }

        /// <summary>Buffers, message blocks and endpoints allocated and not freed, whoever holds them.</summary>
        public int LiveHandles => _liveHandles;

        private int _liveHandles;
        private long _liveBytes;

        /// <summary>Bytes of the live buffers and message blocks (their size classes' bytes).</summary>
        public long LiveBytes => _liveBytes;

        /// <summary>Slots ever allocated (what a channel's steady conversation should not add to: tests).</summary>
        public long Allocations => _allocations;

        private long _allocations;

        /// <summary>Pages taken from the host: chunks (kept for reuse) and large blocks.</summary>
        public ulong ReservedPages { get; private set; }

        public ExOwner CreateOwner(string name)
        {
            nuint state = _host.Lock();
            try
            {
                if (_ownerCount == _owners.Length)
                {
                    var grown = new ExOwner[_owners.Length * 2];
                    Array.Copy(_owners, grown, _owners.Length);
                    _owners = grown;
                }
                var owner = new ExOwner(_ownerCount, name ?? "owner " + _ownerCount.ToString());
                _owners[_ownerCount++] = owner;
                return owner;
            }
            finally
            {
                _host.Unlock(state);
            }
        }

        /// <summary>Allocates a zeroed buffer of count elements of elementSize bytes for owner; returns its handle.</summary>
        public ulong AllocateArray(ExOwner owner, int elementSize, int count)
        {
            if (elementSize <= 0 || elementSize > ushort.MaxValue) throw new ArgumentOutOfRangeException(nameof(elementSize));
            if (count < 0) throw new ArgumentOutOfRangeException(nameof(count));
            ulong bytes = (ulong)elementSize * (ulong)count;
            if (bytes > uint.MaxValue / 2) throw new ExchangeHeapExhaustedException("an exchange-heap array of " + bytes.ToString() + " bytes is too large");
            nuint state = _host.Lock();
            try
            {
                int slot = AllocateLocked(owner, SlotKind.Buffer, (uint)bytes);
                ref Slot s = ref SlotAt(slot);
                s.ElementSize = (ushort)elementSize;
                s.ElementCount = (uint)count;
                return ExHandle.Make(slot, s.Generation);
            }
            finally
            {
                _host.Unlock(state);
            }
        }

        /// <summary>Frees a buffer the caller's owner holds (Sing#'s delete); the handle is dead afterwards.</summary>
        public void Free(ulong handle, ExOwner owner)
        {
            nuint state = _host.Lock();
            try
            {
                int slot = CheckOwnedLocked(handle, owner, SlotKind.Buffer);
                FreeSlotLocked(slot);
            }
            finally
            {
                _host.Unlock(state);
            }
        }

        /// <summary>The memory of a live buffer or message; throws UseAfterSendException for a dead handle.</summary>
        public byte* Resolve(ulong handle, out uint bytes, out uint elementCount)
        {
            int index = ExHandle.SlotOf(handle);
            uint generation = ExHandle.GenerationOf(handle);
            if (index <= 0 || index >= Volatile.Read(ref _slotCount)) throw Dead(handle);
            ref Slot s = ref SlotAt(index);
            if (Volatile.Read(ref s.Generation) != generation || s.Kind == SlotKind.Endpoint) throw Dead(handle);
            ulong address = s.Address;
            bytes = s.ElementSize * s.ElementCount;
            elementCount = s.ElementCount;
            Interlocked.MemoryBarrier();
            if (Volatile.Read(ref s.Generation) != generation) throw Dead(handle);
            return (byte*)address;
        }

        /// <summary>Whether handle still names a live block or endpoint (false once it was sent or freed).</summary>
        public bool IsLive(ulong handle)
        {
            int index = ExHandle.SlotOf(handle);
            if (index <= 0 || index >= Volatile.Read(ref _slotCount)) return false;
            ref Slot s = ref SlotAt(index);
            return s.Kind != SlotKind.Free && Volatile.Read(ref s.Generation) == ExHandle.GenerationOf(handle);
        }

        /// <summary>Who holds handle now, or null when it is dead or in flight.</summary>
        public ExOwner OwnerOf(ulong handle)
        {
            nuint state = _host.Lock();
            try
            {
                if (!IsLive(handle)) return null;
                int owner = SlotAt(ExHandle.SlotOf(handle)).Owner;
                return owner == Slot.InFlight ? null : _owners[owner];
            }
            finally
            {
                _host.Unlock(state);
            }
        }

        // ilc inlines little on its own here; the hot helpers ask for it.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal ref Slot SlotAt(int index) => ref _slotPages[(uint)index / SlotsPerPage][(uint)index % SlotsPerPage];

        // IsLive for callers holding the lock: nothing changes under it, so plain reads do.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal bool IsLiveLocked(ulong handle)
        {
            int index = ExHandle.SlotOf(handle);
            if (index <= 0 || index >= _slotCount) return false;
            ref Slot s = ref SlotAt(index);
            return s.Kind != SlotKind.Free && s.Generation == ExHandle.GenerationOf(handle);
        }

        // Zeroes bytes at address, 8 at a time while it can (the tail of a block need not be aligned).
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static void Zero(ulong address, uint bytes)
        {
            byte* p = (byte*)address;
            for (; bytes >= 8; bytes -= 8, p += 8) *(ulong*)p = 0;
            for (; bytes > 0; bytes--, p++) *p = 0;
        }

        // Copies a few bytes of message values, a word at a time while it can (neither end need be aligned).
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static void Copy(byte* from, byte* to, uint bytes)
        {
            for (; bytes >= 8; bytes -= 8, from += 8, to += 8) *(ulong*)to = *(ulong*)from;
            for (; bytes > 0; bytes--) *to++ = *from++;
        }

        internal static UseAfterSendException Dead(ulong handle)
            => new UseAfterSendException("exchange-heap handle 0x" + handle.ToString("X") + " is dead: it was sent or freed");

        // The endpoint handle names when it is live and owner holds it, else null (the caller says why, slowly).
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal Endpoint EndpointLocked(ulong handle, ExOwner owner)
        {
            int index = ExHandle.SlotOf(handle);
            if ((uint)index >= (uint)_slotCount) return null;
            ref Slot s = ref SlotAt(index);
            if (s.Generation != ExHandle.GenerationOf(handle) || s.Kind != SlotKind.Endpoint || s.Owner != owner.Id) return null;
            return s.Endpoint;
        }

        // Checks that handle is live, of kind, and held by owner; returns its slot.
        internal int CheckOwnedLocked(ulong handle, ExOwner owner, SlotKind kind)
        {
            if (!IsLiveLocked(handle)) throw Dead(handle);
            int index = ExHandle.SlotOf(handle);
            ref Slot s = ref SlotAt(index);
            if (s.Kind != kind) throw new ChannelException("handle 0x" + handle.ToString("X") + " names " + KindName(s.Kind) + ", not " + KindName(kind));
            if (s.Owner != owner.Id)
                throw new UseAfterSendException("handle 0x" + handle.ToString("X") + " is not held by " + owner.ToString()
                    + (s.Owner == Slot.InFlight ? ": it is in flight in a message" : ": " + _owners[s.Owner].ToString() + " holds it"));
            return index;
        }

        private static string KindName(SlotKind kind) => kind switch
        {
            SlotKind.Buffer => "an exchange-heap array",
            SlotKind.Message => "a message",
            SlotKind.Endpoint => "an endpoint",
            _ => "nothing",
        };

        // A slot of kind for owner with a zeroed block of bytes (none for an endpoint). zero false: the caller overwrites
        // every byte at once (a message arriving from another kernel). owner null: in flight from the start, in no
        // owner's list (an array arriving in a message). fromFreeListsOnly: 0 when the block would need pages from the
        // host or the slot a new page of slots (the doorbell's interrupt may do neither).
        internal int AllocateLocked(ExOwner owner, SlotKind kind, uint bytes, bool zero = true, bool fromFreeListsOnly = false)
        {
            if (owner is not null && !owner.Alive) throw new ChannelException(owner.ToString() + " is dead");
            ulong address = 0;
            uint capacity = 0;
            byte sizeClass = 0;
            if (fromFreeListsOnly && !HasFreeSlotLocked()) return 0;
            if (kind != SlotKind.Endpoint)
            {
                sizeClass = SizeClasses.Of(bytes);
                if (fromFreeListsOnly && (sizeClass == SizeClasses.Large || _freeBuffers[sizeClass] == 0)) return 0;
                address = AllocateBlockLocked(sizeClass, bytes, out capacity);
                if (zero) Zero(address, bytes);
            }
            int index = TakeSlotLocked();
            ref Slot s = ref SlotAt(index);
            s.Kind = kind;
            s.SizeClass = sizeClass;
            s.Address = address;
            s.Capacity = capacity;
            s.ElementSize = 1;
            s.ElementCount = bytes;
            s.QueueNext = 0;
            s.Endpoint = null;
            s.Owner = Slot.InFlight;
            // A message block is held by an endpoint (Endpoint.Building, Spare), not in its owner's list.
            if (owner is not null)
            {
                if (kind == SlotKind.Message) s.Owner = owner.Id;
                else LinkOwnerLocked(index, owner);
            }
            _liveHandles++;
            _liveBytes += capacity;
            _allocations++;
            return index;
        }

        internal void FreeSlotLocked(int index)
        {
            ref Slot s = ref SlotAt(index);
            if (s.Owner != Slot.InFlight && s.Kind != SlotKind.Message) UnlinkOwnerLocked(index);
            if (s.Kind != SlotKind.Endpoint) FreeBlockLocked(s.SizeClass, s.Address, s.Capacity);
            _liveHandles--;
            _liveBytes -= s.Capacity;
            s.Generation++;                 // lock-free readers (Resolve) re-read it after the address
            s.Kind = SlotKind.Free;
            s.Address = 0;
            s.Capacity = 0;
            s.Endpoint = null;
            s.QueueNext = _freeSlot;
            _freeSlot = index;
        }

        /// <summary>Whether a slot (an endpoint's) can be taken without allocating: what the doorbell's interrupt asks.</summary>
        internal bool HasFreeSlotLocked() =>
            _freeSlot != 0 || (_slotCount < _slotPages.Length * SlotsPerPage && _slotPages[_slotCount / SlotsPerPage] is not null);

        private int TakeSlotLocked()
        {
            if (_freeSlot != 0)
            {
                int free = _freeSlot;
                _freeSlot = SlotAt(free).QueueNext;
                return free;
            }
            int index = _slotCount;
            int page = index / SlotsPerPage;
            if (page == _slotPages.Length)
            {
                var grown = new Slot[_slotPages.Length * 2][];
                Array.Copy(_slotPages, grown, _slotPages.Length);
                _slotPages = grown;
            }
            if (_slotPages[page] is null) _slotPages[page] = new Slot[SlotsPerPage];
            SlotAt(index).Generation = 1;
            Volatile.Write(ref _slotCount, index + 1);      // published after the page exists
            return index;
        }

        private ulong AllocateBlockLocked(byte sizeClass, uint bytes, out uint capacity)
        {
            if (sizeClass == SizeClasses.Large)
            {
                ulong pages = SizeClasses.PagesFor(bytes);
                ulong large = _host.AllocatePages(pages, 1);
                if (large == 0) throw Exhausted(bytes);
                ReservedPages += pages;
                capacity = (uint)(pages * SizeClasses.PageSize);
                return large;
            }
            capacity = SizeClasses.BytesOf(sizeClass);
            if (_freeBuffers[sizeClass] == 0)
            {
                // A new chunk, carved into buffers of this class and pushed on its free list.
                ulong chunkPages = SizeClasses.ChunkBytes / SizeClasses.PageSize;
                ulong chunk = _host.AllocatePages(chunkPages, chunkPages);
                if (chunk == 0) throw Exhausted(bytes);
                ReservedPages += chunkPages;
                for (ulong at = chunk + SizeClasses.ChunkBytes - capacity; ; at -= capacity)
                {
                    *(ulong*)at = _freeBuffers[sizeClass];
                    _freeBuffers[sizeClass] = at;
                    if (at == chunk) break;
                }
            }
            ulong buffer = _freeBuffers[sizeClass];
            _freeBuffers[sizeClass] = *(ulong*)buffer;
            return buffer;
        }

        private void FreeBlockLocked(byte sizeClass, ulong address, uint capacity)
        {
            if (sizeClass == SizeClasses.Large)
            {
                ulong pages = capacity / SizeClasses.PageSize;
                _host.FreePages(address, pages);
                ReservedPages -= pages;
                return;
            }
            *(ulong*)address = _freeBuffers[sizeClass];
            _freeBuffers[sizeClass] = address;
        }

        private static ExchangeHeapExhaustedException Exhausted(ulong bytes)
            => new ExchangeHeapExhaustedException("the exchange heap cannot allocate " + bytes.ToString() + " bytes: no memory left");
    }
}
