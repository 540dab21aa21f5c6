// One direction of a link between two kernels (docs/multikernel.md, "Links"): a single-producer, single-consumer ring of
// 64-byte slots in memory both kernels map. A record is a 8-byte header (payload length, kind, the kind's complement)
// and its payload, in whole slots; one that would run past the end is preceded by a pad record that fills the rest.
// The producer owns the head and the consumer the tail, each on its own cache line, both counting slots ever used, so
// full and empty are told apart without a spare slot. Nothing the other side wrote is trusted: the consumer checks the
// head and every header against the ring's size, copies a record out before anyone looks at it (the producer could
// rewrite it while it is validated), and a ring it cannot make sense of is reported broken, never followed.
//
// Waiting is the caller's (no spinning: under -icount a spinning CPU starves the one it waits for). A consumer about
// to sleep sets its "sleeping" word and looks once more; a producer that finds the word set after a write takes it
// and wakes the consumer (an IPI between kernels). A producer that finds the ring full does the same with its own
// word, which the consumer takes after it frees slots.
using System;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Helios.Satellite.Links
{
    public sealed unsafe class LinkRing
    {
        public const int SlotSize = 64;
        public const int RecordHeaderSize = 8;

        // The control lines before the slots: the producer's (head, its "waiting for space" word), the consumer's
        // (tail, its "sleeping" word).
        private const int HeadOffset = 0;
        private const int ProducerWaitingOffset = 8;
        private const int TailOffset = 64;
        private const int ConsumerSleepingOffset = 72;
        public const int ControlBytes = 128;

        /// <summary>The kind of a record that only fills the ring's end (never returned to a reader).</summary>
        public const ushort PadKind = 0xFFFF;

        private readonly byte* _area;
        private readonly byte* _slots;
        private readonly ulong _slotCount;

        /// <summary>The ring in bytes bytes at area (a multiple of 64, at least two slots after the control lines).</summary>
        public LinkRing(byte* area, int bytes)
        {
            if (area == null || ((ulong)area & (SlotSize - 1)) != 0) throw new ArgumentException("a link ring starts on a cache line");
            if (bytes < ControlBytes + 2 * SlotSize || bytes % SlotSize != 0)
                throw new ArgumentException("a link ring takes a multiple of 64 bytes, at least " + (ControlBytes + 2 * SlotSize).ToString());
            _area = area;
            _slots = area + ControlBytes;
            _slotCount = (ulong)((bytes - ControlBytes) / SlotSize);
            _maxPayload = (int)(_slotCount / 2) * SlotSize - RecordHeaderSize;
        }

        private readonly int _maxPayload;

        /// <summary>Clears the control lines: once, by whoever sets the link up, before either side uses it.</summary>
        public void Initialize()
        {
            for (int i = 0; i < ControlBytes; i += 8) *(ulong*)(_area + i) = 0;
        }

        public int SlotCount => (int)_slotCount;

        /// <summary>The largest payload one record may carry: half the ring, so a pad and a record always fit after a drain.</summary>
        public int MaxPayload => _maxPayload;

        private ref ulong Head => ref *(ulong*)(_area + HeadOffset);
        private ref ulong Tail => ref *(ulong*)(_area + TailOffset);
        private ref int ProducerWaiting => ref *(int*)(_area + ProducerWaitingOffset);
        private ref int ConsumerSleeping => ref *(int*)(_area + ConsumerSleepingOffset);

        private static int SlotsFor(int payload) => (RecordHeaderSize + payload + SlotSize - 1) / SlotSize;

        // ---- The producer's side ----

        /// <summary>
        /// Appends a record of kind whose payload is first then second; false when the ring has no room now (nothing
        /// written), or when the consumer's tail makes no sense (Broken says so). Throws for a payload too big ever to fit.
        /// </summary>
        public bool TryWrite(ushort kind, ReadOnlySpan<byte> first, ReadOnlySpan<byte> second = default)
        {
            if (!TryBegin(kind, first.Length + second.Length, out byte* record)) return false;
            first.CopyTo(new Span<byte>(record, first.Length));
            second.CopyTo(new Span<byte>(record + first.Length, second.Length));
            Publish();
            return true;
        }

        private ulong _pendingHead;

        /// <summary>
        /// Starts a record of kind with payload bytes, written in place at into (the one copy of what crosses), then
        /// Publish. False when there is no room now or the ring is broken; nothing is visible to the consumer until
        /// Publish.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryBegin(ushort kind, int payload, out byte* into)
        {
            into = null;
            if ((uint)payload > (uint)MaxPayload) throw new ArgumentException("a link record of " + payload.ToString() + " bytes; at most " + MaxPayload.ToString());
            if (kind == PadKind) throw new ArgumentException("the pad kind is the ring's own");
            ulong head = Head;                                  // ours: only this side writes it
            ulong tail = Volatile.Read(ref Tail);
            if (tail > head || head - tail > _slotCount)
            {
                Broken = true;
                return false;
            }
            ulong need = (ulong)SlotsFor(payload);
            ulong at = head % _slotCount;
            ulong pad = at + need > _slotCount ? _slotCount - at : 0;
            if (head - tail + pad + need > _slotCount) return false;
            if (pad != 0)
            {
                WriteHeader(_slots + at * SlotSize, (uint)(pad * SlotSize - RecordHeaderSize), PadKind);
                at = 0;
            }
            byte* record = _slots + at * SlotSize;
            WriteHeader(record, (uint)payload, kind);
            into = record + RecordHeaderSize;
            _pendingHead = head + pad + need;
            return true;
        }

        /// <summary>Where the record begun by TryBegin ends: Published once it is published.</summary>
        public ulong BegunEnd => _pendingHead;

        /// <summary>Makes the record begun by TryBegin visible to the consumer.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Publish() => Volatile.Write(ref Head, _pendingHead);     // the record before the head that publishes it

        private static void WriteHeader(byte* at, uint length, ushort kind)
        {
            *(uint*)at = length;
            *(ushort*)(at + 4) = kind;
            *(ushort*)(at + 6) = (ushort)~kind;
        }

        /// <summary>After a write: true when the consumer said it sleeps (the word is taken: wake it once).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool ConsumerNeedsWake()
        {
            Interlocked.MemoryBarrier();                        // the head's store before the word's load
            return Volatile.Read(ref ConsumerSleeping) != 0 && Interlocked.Exchange(ref ConsumerSleeping, 0) != 0;
        }

        /// <summary>
        /// Before the producer sleeps for room: says so, then looks again; false when room came meanwhile (do not sleep).
        /// </summary>
        public bool PrepareToWaitForRoom(int payload)
        {
            Volatile.Write(ref ProducerWaiting, 1);
            Interlocked.MemoryBarrier();
            if (!HasRoomFor(payload)) return true;
            Volatile.Write(ref ProducerWaiting, 0);
            return false;
        }

        /// <summary>
        /// The producer's side: the slots the consumer has given back, so every record that ended at or before it has
        /// been taken; 0 when the consumer's tail makes no sense (nothing counts as taken).
        /// </summary>
        public ulong Consumed
        {
            get
            {
                ulong tail = Volatile.Read(ref Tail);
                return tail > Head ? 0 : tail;
            }
        }

        /// <summary>
        /// Before the producer sleeps until the consumer has taken everything up to position (BegunEnd of a record):
        /// says so, then looks again; false when it already has (do not sleep). The consumer rings back as for room.
        /// </summary>
        public bool PrepareToWaitForConsumed(ulong position)
        {
            Volatile.Write(ref ProducerWaiting, 1);
            Interlocked.MemoryBarrier();
            if (Consumed < position) return true;
            Volatile.Write(ref ProducerWaiting, 0);
            return false;
        }

        /// <summary>Whether a record of payload bytes would fit now (with its pad, if it needs one).</summary>
        public bool HasRoomFor(int payload)
        {
            ulong head = Head, tail = Volatile.Read(ref Tail);
            if (tail > head || head - tail > _slotCount) return true;       // let the write find it broken
            ulong need = (ulong)SlotsFor(payload), at = head % _slotCount;
            ulong pad = at + need > _slotCount ? _slotCount - at : 0;
            return head - tail + pad + need <= _slotCount;
        }

        // ---- The consumer's side ----

        /// <summary>Set once either side found the ring's control words or a record's header impossible.</summary>
        public bool Broken { get; private set; }

        /// <summary>Records skipped because their header was impossible (then the ring is Broken).</summary>
        public long Rejected { get; private set; }

        public bool IsEmpty
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => Volatile.Read(ref Head) == Tail;
        }

        /// <summary>
        /// Takes the oldest record: copies its payload into into and returns its length, with its kind; -1 when the ring
        /// is empty or broken. A payload larger than into is dropped (counted in Rejected) and -2 returned.
        /// </summary>
        public int TryRead(Span<byte> into, out ushort kind)
        {
            if (!TryPeek(out byte* payload, out int length, out kind)) return -1;
            if (length > into.Length)
            {
                Rejected++;
                Release();
                kind = 0;
                return -2;
            }
            new ReadOnlySpan<byte>(payload, length).CopyTo(into);
            Release();
            return length;
        }

        private ulong _peekedTail;

        /// <summary>
        /// The oldest record, left in place: its payload's bytes in the ring (the producer can still write them: copy
        /// what must be checked before checking it), then Release. False when the ring is empty or broken.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryPeek(out byte* payload, out int length, out ushort kind)
        {
            payload = null;
            length = 0;
            kind = 0;
            while (true)
            {
                if (Broken) return false;
                ulong tail = Tail;                              // ours
                ulong head = Volatile.Read(ref Head);
                if (head == tail) return false;
                if (head < tail || head - tail > _slotCount)
                {
                    Fail();
                    return false;
                }
                ulong at = tail % _slotCount;
                byte* record = _slots + at * SlotSize;
                uint bytes = Volatile.Read(ref *(uint*)record);
                ushort k = *(ushort*)(record + 4);
                ushort check = *(ushort*)(record + 6);
                ulong slots = ((ulong)bytes + RecordHeaderSize + SlotSize - 1) / SlotSize;
                if (check != (ushort)~k || (k != PadKind && bytes > (uint)MaxPayload) || slots > head - tail || at + slots > _slotCount)
                {
                    Fail();
                    return false;
                }
                if (k == PadKind)
                {
                    if (at + slots != _slotCount)
                    {
                        Fail();
                        return false;
                    }
                    Volatile.Write(ref Tail, tail + slots);
                    continue;
                }
                payload = record + RecordHeaderSize;
                length = (int)bytes;
                kind = k;
                _peekedTail = tail + slots;
                return true;
            }
        }

        /// <summary>Gives the peeked record's slots back to the producer (after its bytes were copied out).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Release() => Volatile.Write(ref Tail, _peekedTail);

        private void Fail()
        {
            Rejected++;
            Broken = true;
        }

        /// <summary>After reads: true when the producer said it waits for room (the word is taken: wake it once).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool ProducerNeedsWake()
        {
            Interlocked.MemoryBarrier();
            return Volatile.Read(ref ProducerWaiting) != 0 && Interlocked.Exchange(ref ProducerWaiting, 0) != 0;
        }

        /// <summary>
        /// Before the consumer sleeps: says so, then looks again; false when a record came meanwhile (do not sleep).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool PrepareToSleep()
        {
            Volatile.Write(ref ConsumerSleeping, 1);
            Interlocked.MemoryBarrier();
            if (IsEmpty && !Broken) return true;
            Volatile.Write(ref ConsumerSleeping, 0);
            return false;
        }
    }
}
