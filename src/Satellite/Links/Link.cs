// A remote send, start to finish (docs/channels.md, "Channels between kernels"). One link joins two kernels: a ring
// each way (LinkRing) in memory both map, and a doorbell that wakes the other kernel's link thread. A channel with an
// end on each kernel has, on each, a shadow endpoint for the far end (src/Channels/PeerLink.cs). A send to a shadow
// comes here under the exchange heap's lock (ForwardLocked): the message block's values are written once into a Message
// record on the ring and the block is kept for the sender's next send. An array goes one of two ways, whichever the
// link was made for: where the kernels map each other's memory (MemoryWindow), it stays where it is, the record names
// it by an offset into the sender's window, and the sender holds it (pins it) until the other kernel has taken the
// record (the ring's tail passed it); otherwise its bytes are written into the record and the channel's shadow keeps
// it for the next array to arrive (ShadowEndpoints.SentArrayLocked). The other kernel (the doorbell's interrupt,
// DeliverFromInterrupt, or its link thread, Poll) reads each field of the record's head out of the ring once, validates
// it against the contract, the channel, its sequence and the sender's window, and has the channel runtime build the
// message in its own exchange heap, in blocks the channel's shadow kept where it can, each array copied once from the
// ring or the sender's heap (ShadowEndpoints.ArriveLocked), where the protocol monitor checks it again. A message of
// values for a receiver asleep for exactly it (every message of a ping-pong) takes a short way from the interrupt,
// with the same checks (ArriveAtParked).
//
// Nothing from the other kernel is trusted: a record that is malformed, names no live channel or no message of its
// contract, arrives out of sequence or breaks the protocol is refused, counted by reason, and (when it names a channel)
// that channel is closed on both kernels; the link and every other channel go on. A ring whose framing makes no sense
// is broken: the link stops reading it and closes its channels. What cannot go on the ring now (it is full) waits in
// the link's backlog, in order, and goes when the other kernel has read enough (it rings back: ProducerNeedsWake).
// An endpoint a message carries crosses just before it, as a channel of its own (CarryEndpointsLocked; docs/channels.md,
// "Endpoints between kernels").
using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using Helios.Channels;

namespace Helios.Satellite.Links
{
    public sealed unsafe class Link : PeerLink
    {
        private readonly ExchangeHeap _heap;
        private readonly LinkRing _out, _in;
        private readonly LinkDoorbell _doorbell;
        private readonly bool _low;                         // this kernel's channel numbers are even; the other's odd
        private uint _nextChannel;
        private readonly Dictionary<uint, LinkChannel> _channels = new Dictionary<uint, LinkChannel>();
        private readonly Queue<Pending> _backlog = new Queue<Pending>();
        private readonly Queue<Accepted> _accepted = new Queue<Accepted>();
        private readonly Dictionary<uint, Accepted> _held = new Dictionary<uint, Accepted>();
        private readonly Dictionary<uint, Accepted> _carried = new Dictionary<uint, Accepted>();  // ends opened for a message that names them next
        private readonly HashSet<ulong> _declared = new HashSet<ulong>();
        private readonly long[] _rejected = new long[(int)LinkRejection.Count];
        private readonly ShadowEndpoints.ArrivingArray[] _arriving = new ShadowEndpoints.ArrivingArray[byte.MaxValue];  // HandleMessage's, under the heap's lock
        // Ends made ahead for the far kernel's Opens, so that the doorbell's interrupt can take a held or carried end's
        // Open (it may allocate nothing) instead of waking the link thread; the link thread tops them up (Poll).
        private const int PreparedEnds = 32;
        private readonly ShadowEndpoints.PreparedEnd[] _readyEnds = new ShadowEndpoints.PreparedEnd[PreparedEnds];
        private readonly LinkChannel[] _readyChannels = new LinkChannel[PreparedEnds];     // each for its end's shadow
        private int _readyCount;
        private readonly MemoryWindow _localWindow, _farWindow;     // this kernel's memory, and the far kernel's as mapped here
        private bool _farReadsUs;                                   // its hello said it maps this kernel's memory: arrays by the window
        // Arrays the far kernel may still read, oldest first: a ring made once, so that holding one never allocates (a
        // send holds the heap's lock with interrupts masked). It never fills: a message may hold more only while the
        // link holds nothing (at most 255 arrays), otherwise at most PinnedBytesLimit / WindowMinimumBytes (128) in all.
        private readonly Pin[] _pins = new Pin[512];
        private int _pinHead, _pinCount;
        private long _pinnedBytes;
        private bool _waitingForPins;

        /// <summary>
        /// What one link may hold of this kernel's exchange heap for the far kernel to read (arrays of records it has not
        /// taken yet): beyond it messages wait in the backlog, as for a full ring (a slow receiver cannot exhaust this
        /// kernel's heap). A message goes whatever its size when nothing is held.
        /// </summary>
        public const long PinnedBytesLimit = 256 * 1024;

        /// <summary>
        /// The smallest array named in the sender's window: a smaller one goes inside the record, where its second copy
        /// costs less than holding it and freeing it later (measured, docs/channels.md: at 1 KiB holding costs about 700
        /// ticks a round trip more than the copy it saves; at 4 KiB it saves about 600).
        /// </summary>
        public const uint WindowMinimumBytes = 2048;

        /// <summary>
        /// A link of this kernel (localKernel) to farKernel over outbound and inbound (both already initialised by
        /// whoever made the link area); doorbell wakes the far kernel's link thread. With farWindow (the far kernel's
        /// memory, mapped here read-only) this side reads the arrays the far kernel names there, and says so in its
        /// hello; with localWindow (this kernel's memory) it names its arrays there once the far kernel's hello says it
        /// reads them. Otherwise (no shared memory) arrays go inside the records.
        /// </summary>
        public Link(ExchangeHeap heap, int localKernel, int farKernel, LinkRing outbound, LinkRing inbound, LinkDoorbell doorbell,
            MemoryWindow localWindow = null, MemoryWindow farWindow = null)
        {
            if (localKernel == farKernel) throw new ArgumentException("a link joins two kernels");
            _localWindow = localWindow;
            _farWindow = farWindow;
            _heap = heap ?? throw new ArgumentNullException(nameof(heap));
            _out = outbound ?? throw new ArgumentNullException(nameof(outbound));
            _in = inbound ?? throw new ArgumentNullException(nameof(inbound));
            _doorbell = doorbell ?? throw new ArgumentNullException(nameof(doorbell));
            LocalKernel = localKernel;
            FarKernel = farKernel;
            _low = localKernel < farKernel;
            _nextChannel = _low ? 0u : 1u;
            PrepareEndsLocked();            // nobody else has the link yet
        }

        public int LocalKernel { get; }

        /// <summary>
        /// Whether this side's arrays cross by one copy from its memory (it has a window and the far kernel's hello said
        /// it maps it), not inside the records. Until the hello arrives they go inside the records.
        /// </summary>
        public bool OneCopy => _farReadsUs;

        /// <summary>Array bytes this side holds for the far kernel to read (records it has not taken yet), and how many arrays.</summary>
        public long PinnedBytes => _pinnedBytes;

        public int PinnedArrays => _pinCount;

        public int FarKernel { get; }

        /// <summary>Records this side put on its ring, and took off the other's.</summary>
        public long RecordsSent { get; private set; }

        public long RecordsReceived { get; private set; }

        /// <summary>Bytes of values and arrays written onto the ring by sends, and copied off it by arrivals.</summary>
        public long BytesSent { get; private set; }

        public long BytesReceived { get; private set; }

        /// <summary>Records refused, all reasons together, and by reason.</summary>
        public long Rejected
        {
            get
            {
                long all = 0;
                foreach (long count in _rejected) all += count;
                return all;
            }
        }

        public long RejectedFor(LinkRejection reason) => _rejected[(int)reason];

        /// <summary>Why the link stopped (a broken ring, a far kernel of other system contracts), or null while it works.</summary>
        public string Failure { get; private set; }

        /// <summary>Channels with an end here and one on the far kernel, open on at least one side.</summary>
        public int ChannelCount
        {
            get
            {
                nuint state = _heap.Host.Lock();
                try { return _channels.Count; }
                finally { _heap.Host.Unlock(state); }
            }
        }

        /// <summary>Says hello: this side's record version, kernel and system contracts (the first record each way).</summary>
        public void Start()
        {
            var hello = new byte[LinkRecord.HelloSize];
            BinaryPrimitives.WriteUInt32LittleEndian(hello.AsSpan(0), LinkRecord.Version);
            BinaryPrimitives.WriteUInt16LittleEndian(hello.AsSpan(4), (ushort)LocalKernel);
            if (_farWindow is not null) hello[6] = LinkRecord.HelloReadsYourMemory;     // send me arrays by your window
            BinaryPrimitives.WriteUInt64LittleEndian(hello.AsSpan(8), ContractInfo.SystemFingerprint());
            nuint state = _heap.Host.Lock();
            try
            {
                SendControlLocked(LinkRecord.Hello, hello);
            }
            finally
            {
                _heap.Host.Unlock(state);
            }
        }

        /// <summary>
        /// A new channel of contract between the two kernels: this kernel's end is on side, held by owner (its handle
        /// returned); the far end is handed to the far kernel's link, where TryAccept takes it.
        /// </summary>
        public ulong Open(ContractInfo contract, byte side, ExOwner owner)
        {
            if (contract is null) throw new ArgumentNullException(nameof(contract));
            CheckUp();
            nuint state = _heap.Host.Lock();
            try
            {
                uint number = NextChannelLocked();
                ulong handle = ShadowEndpoints.CreateLocked(_heap, contract, side, owner, this, number, out Endpoint shadow);
                _channels.Add(number, new LinkChannel(shadow));
                SendOpenLocked(contract, number, shadow.Side, LinkRecord.OpenAccepted, 0);
                return handle;
            }
            finally
            {
                _heap.Host.Unlock(state);
            }
        }

        /// <summary>
        /// Moves the endpoint handle names, held by owner, to the far kernel (a client's end bound to a service there):
        /// its peer stays here and now talks across the link. The far kernel holds the moved end under the returned
        /// channel number until a request names it (TryTakeHeld). Only a quiet end of a local channel moves
        /// (ShadowEndpoints.ExportLocked); anything else is a ChannelException and nothing changes.
        /// </summary>
        public uint Export(ulong handle, ExOwner owner)
        {
            CheckUp();
            nuint state = _heap.Host.Lock();
            try
            {
                uint number = _nextChannel;
                string refusal = ShadowEndpoints.ExportLocked(_heap, handle, owner, this, number, out Endpoint shadow);
                if (refusal is not null) throw new ChannelException(refusal);
                NextChannelLocked();
                _channels.Add(number, new LinkChannel(shadow));
                SendOpenLocked(shadow.Contract, number, shadow.Side, LinkRecord.OpenHeld, shadow.State);
                return number;
            }
            finally
            {
                _heap.Host.Unlock(state);
            }
        }

        private void CheckUp()
        {
            if (Failure is not null) throw new ChannelException("the link to k" + FarKernel.ToString() + " is down: " + Failure);
        }

        private uint NextChannelLocked()
        {
            uint number = _nextChannel;
            _nextChannel += 2;
            return number;
        }

        // The far kernel will hold side of channel number: a contract it may not know goes first, once per link (it is
        // checked there like a process's declaration).
        private void SendOpenLocked(ContractInfo contract, uint number, byte shadowSide, byte purpose, int protocolState)
        {
            if (!contract.IsSystem && _declared.Add(contract.Id)) SendControlLocked(LinkRecord.Declare, ContractDeclaration.Encode(contract));
            // Written straight onto the ring when nothing waits before it (every bind and carried end sends one).
            if (Failure is null && _backlog.Count == 0 && _out.TryBegin(LinkRecord.Open, LinkRecord.OpenSize, out byte* record))
            {
                *(uint*)record = number;
                record[4] = shadowSide;
                record[5] = purpose;
                *(ushort*)(record + 6) = 0;
                *(ulong*)(record + 8) = contract.Id;
                *(uint*)(record + 16) = (uint)protocolState;
                *(uint*)(record + 20) = 0;
                _out.Publish();
                Sent();
                return;
            }
            var open = new byte[LinkRecord.OpenSize];
            BinaryPrimitives.WriteUInt32LittleEndian(open.AsSpan(0), number);
            open[4] = shadowSide;
            open[5] = purpose;
            BinaryPrimitives.WriteUInt64LittleEndian(open.AsSpan(8), contract.Id);
            BinaryPrimitives.WriteUInt32LittleEndian(open.AsSpan(16), (uint)protocolState);
            SendControlLocked(LinkRecord.Open, open);
        }

        /// <summary>
        /// The oldest channel the far kernel opened and nobody took yet: its end here, held by the kernel's owner. Channels
        /// of a reserved contract are not among them (TryAccept(of, ...) takes those).
        /// </summary>
        public bool TryAccept(out ulong endpoint, out ContractInfo contract) => TryAcceptLocked(0, out endpoint, out contract);

        /// <summary>Keeps channels of contract for whoever takes them by contract (the kernel's own services).</summary>
        public void Reserve(ContractInfo contract)
        {
            nuint state = _heap.Host.Lock();
            try
            {
                _reserved.Add(contract.Id);
            }
            finally
            {
                _heap.Host.Unlock(state);
            }
        }

        private readonly HashSet<ulong> _reserved = new HashSet<ulong>();

        /// <summary>The oldest such channel of contract only (the kernel's own services take theirs this way).</summary>
        public bool TryAccept(ContractInfo of, out ulong endpoint) => TryAcceptLocked(of.Id, out endpoint, out _);

        private bool TryAcceptLocked(ulong only, out ulong endpoint, out ContractInfo contract)
        {
            nuint state = _heap.Host.Lock();
            try
            {
                int count = _accepted.Count;
                for (int i = 0; i < count; i++)
                {
                    Accepted next = _accepted.Dequeue();
                    if (only == 0 ? !_reserved.Contains(next.Contract.Id) : next.Contract.Id == only)
                    {
                        for (int rest = i + 1; rest < count; rest++) _accepted.Enqueue(_accepted.Dequeue());   // keep the order
                        endpoint = next.Endpoint;
                        contract = next.Contract;
                        return true;
                    }
                    _accepted.Enqueue(next);
                }
                endpoint = 0;
                contract = null;
                return false;
            }
            finally
            {
                _heap.Host.Unlock(state);
            }
        }

        /// <summary>
        /// The end the far kernel moved here as channel number (Export there), if its Open arrived: held by the kernel's
        /// owner from now on. Each is taken once.
        /// </summary>
        public bool TryTakeHeld(uint number, out ulong endpoint, out ContractInfo contract)
        {
            nuint state = _heap.Host.Lock();
            try
            {
                if (_held.Remove(number, out Accepted held))
                {
                    endpoint = held.Endpoint;
                    contract = held.Contract;
                    return true;
                }
                endpoint = 0;
                contract = null;
                return false;
            }
            finally
            {
                _heap.Host.Unlock(state);
            }
        }

        /// <summary>Whether a channel the far kernel opened waits for TryAccept.</summary>
        public bool HasAccepted => _accepted.Count != 0;

        // ---- Sending (under the heap's lock) ----

        internal override string RefusalLocked(ExchangeHeap heap, Endpoint shadow, int message)
        {
            byte* block = (byte*)heap.SlotAt(message).Address;
            int descriptors = block[WireLayout.DescriptorCountOffset];
            bool carries = false;
            for (int i = 0; i < descriptors; i++)
            {
                ulong handle = WireLayout.EndpointAt(block, i);
                if (handle == 0) continue;
                string refusal = ShadowEndpoints.CarryRefusalLocked(heap, handle, _out.MaxPayload, QueuedRecordBytes);
                if (refusal is not null) return refusal;
                carries = true;
            }
            int recordBytes = RecordBytes(shadow.Contract, message, out int bytes, out long pinning);
            if (bytes > _out.MaxPayload)        // arrays counted wherever they go: one limit for both modes
                return "a message of " + bytes.ToString() + " bytes with its arrays; a link to another kernel carries at most " + _out.MaxPayload.ToString();
            // The commit sends it next (ForwardLocked), its generation one up: its record is not sized, nor its
            // descriptors searched for endpoints, twice.
            _sized = message;
            _sizedGeneration = heap.SlotAt(message).Generation + 1;
            _sizedBytes = recordBytes;
            _sizedPinning = pinning;
            _sizedCarries = carries;
            return null;
        }

        // What RefusalLocked found for the message the commit sends next.
        private int _sized, _sizedBytes;
        private uint _sizedGeneration;
        private long _sizedPinning;
        private bool _sizedCarries;

        internal override void ForwardLocked(ExchangeHeap heap, Endpoint shadow, int message)
        {
            bool sized = _sized == message && heap.SlotAt(message).Generation == _sizedGeneration;
            _sized = 0;
            if (!TryFindLocked(shadow.LinkChannel, out LinkChannel channel) || Failure is not null)
            {
                heap.DestroyLocked(message);
                return;
            }
            if (!sized || _sizedCarries) CarryEndpointsLocked(message);
            if (_backlog.Count == 0 && TryPutMessageLocked(channel, message, sized)) return;
            channel.Backlogged++;
            DeferLocked(new Pending { Channel = channel, Message = message });
        }

        // The endpoints a message to the far kernel carries cross before it (docs/channels.md, "Endpoints between
        // kernels"): each becomes a channel of this link, opened on the far kernel (purpose OpenCarried, with the end's
        // protocol state) for the message to name; here a shadow takes the end's place, so its peer, wherever it is,
        // talks across this link (through this kernel, when the peer is on another). What was queued at the end goes
        // after the Open, in order; everything the peer sends later goes after that. The message's descriptor keeps the
        // channel's number (its count field, element size 1 for present) until its record is written.
        private void CarryEndpointsLocked(int message)
        {
            byte* block = (byte*)_heap.SlotAt(message).Address;
            int descriptors = block[WireLayout.DescriptorCountOffset];
            for (int i = 0; i < descriptors; i++)
            {
                ulong handle = WireLayout.EndpointAt(block, i);
                if (handle == 0 || !_heap.IsLiveLocked(handle)) continue;
                byte* d = block + WireLayout.DescriptorOffset(i);
                int slot = ExHandle.SlotOf(handle);
                uint number = NextChannelLocked();
                Endpoint shadow = ShadowEndpoints.CarryLocked(_heap, slot, this, number);
                _channels.Add(number, new LinkChannel(shadow));
                SendOpenLocked(shadow.Contract, number, shadow.Side, LinkRecord.OpenCarried, shadow.State);
                *(ulong*)(d + WireLayout.DescriptorHandleOffset) = 0;
                *(ushort*)(d + WireLayout.DescriptorElementSizeOffset) = 1;
                *(uint*)(d + WireLayout.DescriptorCountFieldOffset) = number;
                ShadowEndpoints.FinishCarryLocked(_heap, slot, shadow);
            }
        }

        // The record bytes of a message queued at an endpoint about to be carried (it follows as a record of its own).
        private Func<ContractInfo, int, int> _queuedRecordBytes;

        private Func<ContractInfo, int, int> QueuedRecordBytes => _queuedRecordBytes ??= MessageRecordBytes;

        internal override bool MustWaitLocked(Endpoint shadow, ChannelHost host)
        {
            // Every send asks: with nothing in the backlog no channel has anything there.
            if (_backlog.Count == 0 || Failure is not null || !TryFindLocked(shadow.LinkChannel, out LinkChannel channel) || channel.FarClosed
                || channel.Backlogged < Backlog) return false;
            Parking parked = host.CurrentParking;
            channel.Waiters ??= new List<Parking>();
            if (!channel.Waiters.Contains(parked)) channel.Waiters.Add(parked);
            return true;
        }

        // Senders held back on channel go again (its backlog halved, or the channel or the link ended).
        private void ReleaseWaitersLocked(LinkChannel channel)
        {
            if (channel.Waiters is null || channel.Waiters.Count == 0) return;
            foreach (Parking parked in channel.Waiters) _heap.Host.Wake(parked);
            channel.Waiters.Clear();
        }

        internal override void CloseLocked(ExchangeHeap heap, Endpoint shadow)
        {
            shadow.ReleaseBlocksLocked(heap);           // the spare the real end left it: nobody receives here any more
            if (!_channels.TryGetValue(shadow.LinkChannel, out LinkChannel channel)) return;
            channel.LocalClosed = true;
            ReleaseWaitersLocked(channel);
            // After what the end sent before it closed. When the far end had closed already, nobody there waits on the
            // channel: the record only lets the far kernel forget it, so it does not interrupt that kernel; it is read
            // with the next record that does, or at the far kernel's next timer tick (KernelLinks.OnTick).
            SendCloseLocked(shadow.LinkChannel, LinkRecord.ClosedByHolder, wake: !channel.FarClosed);
            ForgetIfDoneLocked(channel);
        }

        // Control records keep their place among messages: behind the backlog, if there is one.
        private void SendControlLocked(ushort kind, byte[] payload)
        {
            if (Failure is not null) return;
            if (_backlog.Count == 0 && TryPutControlLocked(kind, payload)) return;
            DeferLocked(new Pending { Kind = kind, Control = payload });
        }

        private bool TryPutControlLocked(ushort kind, byte[] payload)
        {
            if (!_out.TryWrite(kind, payload)) return false;
            Sent();
            return true;
        }

        // A record is on the ring: the far kernel is interrupted if it said it sleeps, unless the record may wait (wake
        // false: the sleeping word stays, so the next record that may not wait rings).
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private void Sent(bool wake = true)
        {
            RecordsSent++;
            if (wake && _out.ConsumerNeedsWake()) RingFarKernel();
        }

        /// <summary>Times this side interrupted the far kernel (it slept with records coming, or waited for room).</summary>
        public long DoorbellsRung => System.Threading.Volatile.Read(ref _rung);

        private long _rung;

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private void RingFarKernel()
        {
            System.Threading.Interlocked.Add(ref _rung, 1);     // senders (under the heap's lock) and the link thread
            _doorbell.Ring();
        }

        // A message of values alone straight from the sender's memory onto the ring: no message block is taken, filled
        // and given back (Channel.SendValues). Only when the link sends in order without waiting (nothing in the
        // backlog, room on the ring); otherwise the caller sends a block as usual.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]     // into every send of values to another kernel
        internal override bool TryForwardValuesLocked(Endpoint shadow, int message, int senderNext, byte* values, uint length)
        {
            if (Failure is not null || _backlog.Count != 0 || !TryFindLocked(shadow.LinkChannel, out LinkChannel channel)) return false;
            ContractInfo contract = shadow.Contract;
            uint size = contract.MessageSizes[message] - (uint)WireLayout.HeaderSize;
            if (!_out.TryBegin(LinkRecord.Message, LinkRecord.MessageHeaderSize + (int)size, out byte* record)) return false;
            *(uint*)(record + LinkRecord.ChannelOffset) = shadow.LinkChannel;
            *(ushort*)(record + LinkRecord.TagOffset) = contract.MessageTags[message];
            *(ushort*)(record + LinkRecord.DescriptorCountOffset) = 0;
            *(uint*)(record + LinkRecord.ValuesLengthOffset) = size;
            *(uint*)(record + LinkRecord.SequenceOffset) = channel.Sent++;
            ExchangeHeap.Copy(values, record + LinkRecord.MessageHeaderSize, length);
            ExchangeHeap.Zero((ulong)(record + LinkRecord.MessageHeaderSize + length), size - length);
            // The shadow's monitor follows the far end, as Endpoint.DeliverLocked does for a block. Where it stands with
            // the sender's (nothing arrived that the sender has not received yet), it moves as the sender's does.
            Endpoint sender = shadow.Peer;
            shadow.State = shadow.State == sender.State ? senderNext : contract.NextState(shadow.State, message, sender.Side);
            _out.Publish();
            BytesSent += size;
            Sent();
            return true;
        }

        // The message block's record, written once into the ring; then the arrays go (the channel's shadow keeps one for
        // the next array to arrive) and the block goes back to the sender as its spare (the next send reuses it) or is
        // freed. sized: RefusalLocked just sized its record.
        private bool TryPutMessageLocked(LinkChannel channel, int message, bool sized = false)
        {
            ExchangeHeap heap = _heap;
            ref Slot s = ref heap.SlotAt(message);
            Endpoint shadow = channel.Shadow;
            ContractInfo contract = shadow.Contract;
            byte* block = (byte*)s.Address;
            int index = s.MessageIndex;
            int descriptors = block[WireLayout.DescriptorCountOffset];
            uint head = (uint)WireLayout.HeaderSize + (uint)descriptors * WireLayout.DescriptorSize;
            uint values = contract.MessageSizes[index] - head;
            int meta = LinkRecord.MessageHeaderSize + descriptors * LinkRecord.DescriptorSize;
            long pinning = _sizedPinning;
            int recordBytes = sized ? _sizedBytes : RecordBytes(contract, message, out _, out pinning);
            if (pinning != 0)
            {
                if (_pinnedBytes != 0) ReclaimPinnedLocked(fromInterrupt: false);
                if (_pinnedBytes != 0 && _pinnedBytes + pinning > PinnedBytesLimit)
                {
                    _waitingForPins = true;         // PumpLocked waits for the far kernel to take the oldest
                    return false;
                }
            }
            if (!_out.TryBegin(LinkRecord.Message, recordBytes, out byte* record)) return false;

            *(uint*)(record + LinkRecord.ChannelOffset) = shadow.LinkChannel;
            *(ushort*)(record + LinkRecord.TagOffset) = contract.MessageTags[index];
            record[LinkRecord.DescriptorCountOffset] = (byte)descriptors;
            record[LinkRecord.DescriptorCountOffset + 1] = 0;
            *(uint*)(record + LinkRecord.ValuesLengthOffset) = values;
            *(uint*)(record + LinkRecord.SequenceOffset) = channel.Sent++;
            Buffer.MemoryCopy(block + head, record + meta, values, values);
            long copied = values;
            uint at = (uint)(meta + values);
            for (int i = 0; i < descriptors; i++)
            {
                byte* d = record + LinkRecord.MessageHeaderSize + i * LinkRecord.DescriptorSize;
                *(ulong*)d = 0;
                *(ulong*)(d + 8) = 0;
                byte* b = block + WireLayout.DescriptorOffset(i);
                d[LinkRecord.DescriptorKindOffset] = b[WireLayout.DescriptorKindOffset];
                if (b[WireLayout.DescriptorKindOffset] != WireLayout.KindArray)
                {
                    // A carried endpoint: the channel its Open (already on the ring) made (CarryEndpointsLocked).
                    if (*(ushort*)(b + WireLayout.DescriptorElementSizeOffset) != 1) continue;
                    d[LinkRecord.DescriptorPresentOffset] = 1;
                    *(uint*)(d + LinkRecord.DescriptorElementCountOffset) = *(uint*)(b + WireLayout.DescriptorCountFieldOffset);
                    continue;
                }
                ulong handle = *(ulong*)(b + WireLayout.DescriptorHandleOffset);
                if (handle == 0 || !heap.IsLiveLocked(handle)) continue;
                ref Slot array = ref heap.SlotAt(ExHandle.SlotOf(handle));
                uint bytes = (uint)array.ElementSize * array.ElementCount;
                *(ushort*)(d + LinkRecord.DescriptorElementSizeOffset) = array.ElementSize;
                *(uint*)(d + LinkRecord.DescriptorElementCountOffset) = array.ElementCount;
                *(uint*)(d + LinkRecord.DescriptorLengthOffset) = bytes;
                *(ulong*)(block + WireLayout.DescriptorOffset(i) + WireLayout.DescriptorHandleOffset) = 0;
                if (InWindow(ref array, bytes, out uint offset))
                {
                    // Read where it is by the far kernel: held here (in flight, nobody's) until it has taken the record.
                    d[LinkRecord.DescriptorPresentOffset] = LinkRecord.ArrayInWindow;
                    *(uint*)(d + LinkRecord.DescriptorDataOffset) = offset;
                    _pins[(_pinHead + _pinCount++) % _pins.Length] = new Pin { Slot = ExHandle.SlotOf(handle), Until = _out.BegunEnd, Bytes = array.Capacity };
                    _pinnedBytes += array.Capacity;
                    continue;
                }
                d[LinkRecord.DescriptorPresentOffset] = LinkRecord.ArrayInRecord;
                *(uint*)(d + LinkRecord.DescriptorDataOffset) = at;
                Buffer.MemoryCopy((void*)array.Address, record + at, bytes, bytes);
                at += Align8(bytes);
                copied += bytes;
                ShadowEndpoints.SentArrayLocked(heap, shadow, ExHandle.SlotOf(handle));     // its bytes crossed: kept or freed
            }
            _out.Publish();
            BytesSent += copied;
            Sent();
            ReturnBlockLocked(shadow.Peer, message);
            return true;
        }

        // The Message record's payload for a block if every array went inside it: its head, its values, and each
        // array's bytes rounded up to 8. What a link carries at most is the same in both modes.
        private int MessageRecordBytes(ContractInfo contract, int message)
        {
            RecordBytes(contract, message, out int allInRecord, out _);
            return allInRecord;
        }

        // The record this link writes for the block (arrays in the sender's window are not in it), and the bytes of
        // the arrays it will hold for the far kernel to read; allInRecord, the record if every array went inside it.
        private int RecordBytes(ContractInfo contract, int message, out int allInRecord, out long pinning)
        {
            ref Slot s = ref _heap.SlotAt(message);
            byte* block = (byte*)s.Address;
            int descriptors = block[WireLayout.DescriptorCountOffset];
            long total = LinkRecord.MessageHeaderSize + descriptors * LinkRecord.DescriptorSize
                + contract.MessageSizes[s.MessageIndex] - WireLayout.HeaderSize - descriptors * WireLayout.DescriptorSize;
            long all = total;
            pinning = 0;
            for (int i = 0; i < descriptors; i++)
            {
                byte* d = block + WireLayout.DescriptorOffset(i);
                if (d[WireLayout.DescriptorKindOffset] != WireLayout.KindArray) continue;
                ulong handle = *(ulong*)(d + WireLayout.DescriptorHandleOffset);
                if (handle == 0 || !_heap.IsLiveLocked(handle)) continue;
                ref Slot array = ref _heap.SlotAt(ExHandle.SlotOf(handle));
                uint bytes = (uint)array.ElementSize * array.ElementCount;
                all += Align8(bytes);
                if (InWindow(ref array, bytes, out _)) pinning += array.Capacity;
                else total += Align8(bytes);
            }
            allInRecord = (int)Math.Min(all, int.MaxValue);
            return (int)total;
        }

        // Whether an array goes by the window: a one-copy link, an array of at least WindowMinimumBytes, a block inside
        // this kernel's window (every block of its exchange heap is; one that is not goes inside the record).
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private bool InWindow(ref Slot array, uint bytes, out uint offset)
        {
            offset = 0;
            return bytes >= WindowMinimumBytes && _farReadsUs && _localWindow.TryOffsetOf(array.Address, bytes, out offset);
        }

        // Frees the arrays of every record the far kernel has taken (the ring's tail passed it). From the doorbell's
        // interrupt only blocks that go back to the heap's free lists are freed (a large one gives pages back to the
        // host): it stops there and returns true, the link thread's Poll frees the rest.
        private bool ReclaimPinnedLocked(bool fromInterrupt)
        {
            ulong taken = _out.Consumed;
            while (_pinCount != 0 && _pins[_pinHead].Until <= taken)
            {
                Pin pin = _pins[_pinHead];
                if (fromInterrupt && _heap.SlotAt(pin.Slot).SizeClass == SizeClasses.Large) return true;
                _pinHead = (_pinHead + 1) % _pins.Length;
                _pinCount--;
                _pinnedBytes -= pin.Bytes;
                _heap.DestroyLocked(pin.Slot);
            }
            return false;
        }

        // Everything the link held for the far kernel (the link is over).
        private void ReleasePinnedLocked()
        {
            for (; _pinCount != 0; _pinCount--, _pinHead = (_pinHead + 1) % _pins.Length) _heap.DestroyLocked(_pins[_pinHead].Slot);
            _pinnedBytes = 0;
        }

        private static uint Align8(uint bytes) => (bytes + 7) & ~7u;

        // The sent block becomes the sender's spare when it has none (a ping-pong then allocates nothing), else goes.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private void ReturnBlockLocked(Endpoint sender, int message)
        {
            if (sender.Spare == 0 && !sender.Closed && sender.Slot != 0)
            {
                ref Slot s = ref _heap.SlotAt(message);
                s.Generation++;
                s.Owner = _heap.SlotAt(sender.Slot).Owner;
                sender.Spare = message;
                sender.SpareInUse = false;
            }
            else _heap.FreeSlotLocked(message);
        }

        // What waited for room goes, in order, as far as the ring takes it.
        // When the ring is still too full, this side says it waits for room (the ring's word), so that the far kernel
        // rings back once it has read enough, and looks once more in case it already had.
        private void PumpLocked()
        {
            while (_backlog.Count != 0 && Failure is null)
            {
                Pending next = _backlog.Peek();
                bool put = next.Channel is not null ? TryPutMessageLocked(next.Channel, next.Message) : TryPutControlLocked(next.Kind, next.Control);
                if (!put)
                {
                    if (_out.Broken) return;
                    if (_waitingForPins)
                    {
                        // Too much held for the far kernel: wait until it has taken the oldest record it may read.
                        _waitingForPins = false;
                        if (_out.PrepareToWaitForConsumed(_pins[_pinHead].Until)) return;
                        continue;
                    }
                    int bytes = next.Channel is not null ? RecordBytes(next.Channel.Shadow.Contract, next.Message, out _, out _) : next.Control.Length;
                    if (_out.PrepareToWaitForRoom(bytes)) return;
                    continue;
                }
                _backlog.Dequeue();
                if (next.Channel is null) continue;
                if (--next.Channel.Backlogged <= Backlog / 2) ReleaseWaitersLocked(next.Channel);
                ForgetIfDoneLocked(next.Channel);
            }
        }

        // Queues what found no room on the ring; the first to wait arms the far kernel's ring-back.
        private void DeferLocked(Pending pending)
        {
            _backlog.Enqueue(pending);
            if (_backlog.Count == 1) PumpLocked();
        }

        /// <summary>Records waiting for room on the ring: messages and control records of every channel, in order.</summary>
        public int BacklogCount => _backlog.Count;

        // ---- Receiving (the link thread) ----

        /// <summary>
        /// Handles every record waiting on the inbound ring and sends what waited for room; returns how many records it
        /// took. Called by one thread (the kernel's link thread) whenever the doorbell rings.
        /// </summary>
        public int Poll()
        {
            int taken = 0;
            ChannelHost host = _heap.Host;
            while (true)
            {
                // The ring is read under the heap's lock: the doorbell's interrupt reads it too (DeliverFromInterrupt).
                byte[] declaration = null;
                nuint state = host.Lock();
                try
                {
                    if (Failure is not null || !_in.TryPeek(out byte* payload, out int length, out ushort kind)) break;
                    if (kind == LinkRecord.Declare) declaration = new ReadOnlySpan<byte>(payload, length).ToArray();
                    else Handle(kind, payload, length);
                    _in.Release();
                }
                finally
                {
                    host.Unlock(state);
                }
                // Registering a contract takes the registry's lock, which may block: never with the heap's lock held
                // (interrupts masked, the holder of the registry's lock could never run again on this CPU). The next
                // record waits for it: an Open of the contract always comes after its declaration.
                if (declaration is not null) HandleDeclare(declaration);
                RecordsReceived++;
                taken++;
            }
            if (_in.Broken && Failure is null) Fail("the ring from k" + FarKernel.ToString() + " is broken (a record's framing was impossible)");
            if (taken != 0 && _in.ProducerNeedsWake()) RingFarKernel();
            nuint locked = host.Lock();
            try
            {
                if (_pinnedBytes != 0) ReclaimPinnedLocked(fromInterrupt: false);
                PumpLocked();
                if (_readyCount < PreparedEnds && Failure is null) PrepareEndsLocked();
            }
            finally
            {
                host.Unlock(locked);
            }
            return taken;
        }

        /// <summary>
        /// The doorbell's interrupt handler, interrupts masked: delivers the inbound ring's Message records for open
        /// channels straight to their real ends (no link thread between the far sender and the receiver), and their
        /// Close records, then says this side sleeps again. It stops at the first record it may not take here — any
        /// other kind, a message carrying an endpoint or to be relayed, a relay's close, anything to
        /// refuse, a message whose blocks are not on the free lists (here nothing may allocate a managed object or
        /// ask for pages) — and at a backlog to send: then it returns true, and the link thread must run.
        /// </summary>
        public bool DeliverFromInterrupt()
        {
            ChannelHost host = _heap.Host;
            nuint state = host.Lock();
            try
            {
                // Whatever arrives, the far kernel may have taken records whose arrays this side holds: free them now
                // (a request's array, when its answer comes), so a conversation holds at most its last record's.
                bool largeHeld = _pinnedBytes != 0 && ReclaimPinnedLocked(fromInterrupt: true);
                while (true)
                {
                    int taken = 0;
                    bool needThread = largeHeld;
                    while (Failure is null && _in.TryPeek(out byte* payload, out int length, out ushort kind))
                    {
                        bool handled = kind == LinkRecord.Message ? ArriveAtParked(payload, length) || HandleMessage(payload, length, inInterrupt: true)
                            : kind == LinkRecord.Close ? HandleCloseFromInterrupt(payload, length)
                            : kind == LinkRecord.Open && HandleOpenFromInterrupt(payload, length);
                        if (!handled)
                        {
                            needThread = true;
                            break;
                        }
                        _in.Release();
                        RecordsReceived++;
                        taken++;
                        if (_in.IsEmpty) break;         // the usual case, one record: no second look (PrepareToSleep looks)
                    }
                    if (taken != 0 && _in.ProducerNeedsWake()) RingFarKernel();
                    // The link thread also runs when half the prepared ends are used (it makes more, off the path of a message).
                    if (needThread || Failure is not null || _in.Broken || _backlog.Count != 0 || _readyCount <= PreparedEnds / 2) return true;
                    if (_in.PrepareToSleep()) return false;         // else a record came meanwhile: take it too
                }
            }
            finally
            {
                host.Unlock(state);
            }
        }

        /// <summary>Whether records wait on the inbound ring (a timer tick delivers them: KernelLinks.OnTick).</summary>
        public bool HasUnread => !_in.IsEmpty;

        /// <summary>Before the link thread sleeps: false when a record came meanwhile (poll again instead).</summary>
        public bool PrepareToSleep() => _in.PrepareToSleep();

        private void Handle(ushort kind, byte* payload, int length)
        {
            switch (kind)
            {
                case LinkRecord.Message: HandleMessage(payload, length, inInterrupt: false); break;
                case LinkRecord.Open: HandleOpen(payload, length); break;
                case LinkRecord.Close: HandleClose(payload, length); break;
                case LinkRecord.Hello: HandleHello(payload, length); break;
                default: Reject(LinkRejection.UnknownKind); break;
            }
        }

        // A Message record: checked, then built in this kernel's exchange heap at its channel's real end. From the
        // doorbell's interrupt (inInterrupt) a record that must be refused, or that needs memory the heap's free lists
        // do not hold, is left untouched (false): the link thread takes it again, refuses or allocates.
        [System.Runtime.CompilerServices.SkipLocalsInit]     // each local is written before it is read: no zeroing first
        private bool HandleMessage(byte* payload, int length, bool inInterrupt)
        {
            if (length < LinkRecord.MessageHeaderSize) return Turn(null, LinkRejection.Malformed, inInterrupt);
            // The far kernel could rewrite the ring under us: every field is read from it once, into a local, which is
            // what is checked and used. Values and arrays are copied once, from the ring into where they go, after the
            // bounds that locate them were checked (their bytes are the sender's business, not checked).
            int descriptors = payload[LinkRecord.DescriptorCountOffset];
            byte reserved = payload[LinkRecord.DescriptorCountOffset + 1];
            uint values = *(uint*)(payload + LinkRecord.ValuesLengthOffset);
            uint number = *(uint*)(payload + LinkRecord.ChannelOffset);
            ushort tag = *(ushort*)(payload + LinkRecord.TagOffset);
            uint sequence = *(uint*)(payload + LinkRecord.SequenceOffset);
            long meta = LinkRecord.MessageHeaderSize + (long)descriptors * LinkRecord.DescriptorSize;
            if (meta + values > length) return Turn(null, LinkRejection.Malformed, inInterrupt);
            if (!TryFindLocked(number, out LinkChannel channel) || channel.FarClosed)
                return Turn(null, LinkRejection.NoSuchChannel, inInterrupt);
            ContractInfo contract = channel.Shadow.Contract;
            int message = contract.MessageOfTag(tag);
            if (message < 0 || reserved != 0) return Turn(channel, LinkRejection.Malformed, inInterrupt);
            if (sequence != channel.Received) return Turn(channel, LinkRejection.OutOfSequence, inInterrupt);
            // Each arriving array's description, in the link's own table: a message names at most 255.
            fixed (ShadowEndpoints.ArrivingArray* arrays = _arriving)
            {
                long end = meta + values;
                long copied = values;
                bool carries = false;
                for (int i = 0; i < descriptors; i++)
                {
                    byte* d = payload + LinkRecord.MessageHeaderSize + i * LinkRecord.DescriptorSize;
                    byte present = d[LinkRecord.DescriptorPresentOffset];
                    ushort elementSize = *(ushort*)(d + LinkRecord.DescriptorElementSizeOffset);
                    uint count = *(uint*)(d + LinkRecord.DescriptorElementCountOffset);
                    uint at = *(uint*)(d + LinkRecord.DescriptorDataOffset);
                    uint bytes = *(uint*)(d + LinkRecord.DescriptorLengthOffset);
                    byte kind = d[LinkRecord.DescriptorKindOffset];
                    arrays[i] = default;
                    arrays[i].Kind = WireLayout.KindArray;
                    if (kind == WireLayout.KindImporter || kind == WireLayout.KindExporter)
                    {
                        // An endpoint: the channel of an OpenCarried record before it, of this side, named once. The
                        // interrupt takes it too: a refusal, or a closed receiver whose carried ends must close (each
                        // sends a record), is left to the link thread (Turn, ShadowEndpoints.NotNow).
                        carries = true;
                        arrays[i].Kind = kind;
                        if (present == 0 && (elementSize | count | at | bytes) == 0) continue;
                        if (present != 1 || (elementSize | at | bytes) != 0 || !_carried.TryGetValue(count, out Accepted carried)
                            || carried.Side != (kind == WireLayout.KindImporter ? ContractInfo.Importer : ContractInfo.Exporter))
                            return Turn(channel, LinkRejection.BadEndpoint, inInterrupt);
                        for (int j = 0; j < i; j++)
                            if (arrays[j].Endpoint == carried.Endpoint) return Turn(channel, LinkRejection.BadEndpoint, inInterrupt);
                        arrays[i].Present = true;
                        arrays[i].Count = count;
                        arrays[i].Endpoint = carried.Endpoint;
                        continue;
                    }
                    if (kind != WireLayout.KindArray || present > LinkRecord.ArrayInWindow
                        || (present == LinkRecord.ArrayNull && (elementSize | count | at | bytes) != 0)
                        || (present != LinkRecord.ArrayNull && ((ulong)elementSize * count != bytes || elementSize == 0)))
                        return Turn(channel, LinkRejection.BadArray, inInterrupt);
                    if (present == LinkRecord.ArrayNull) continue;
                    byte* from;
                    if (present == LinkRecord.ArrayInRecord)
                    {
                        // Inside the record, after the values and the arrays before it, aligned.
                        if (at < end || (at & 7) != 0 || (long)at + bytes > length) return Turn(channel, LinkRejection.BadArray, inInterrupt);
                        from = payload + at;
                        end = at + (long)bytes;
                    }
                    else
                    {
                        // In the sender's heap: inside one range of its window (mapped here read-only), or refused.
                        from = _farWindow is null ? null : _farWindow.TryAt(at, bytes);
                        if (from == null) return Turn(channel, LinkRejection.BadArray, inInterrupt);
                    }
                    arrays[i] = new ShadowEndpoints.ArrivingArray { Present = true, Kind = WireLayout.KindArray, ElementSize = elementSize, Count = count, Bytes = from };
                    copied += bytes;
                }
                string refusal = ShadowEndpoints.ArriveLocked(_heap, channel.Shadow, message, payload + meta, values, arrays, descriptors, inInterrupt);
                if ((object)refusal == ShadowEndpoints.NotNow) return false;        // left untouched for the link thread
                if (carries)
                    for (int i = 0; i < descriptors; i++)
                    {
                        if (arrays[i].Endpoint == 0) continue;
                        _carried.Remove(arrays[i].Count);   // the message has it now (or it closed with a refused one)
                        if (refusal is not null) _heap.DestroyLocked(ExHandle.SlotOf(arrays[i].Endpoint));
                    }
                if (refusal is not null) return Turn(channel, LinkRejection.Protocol, inInterrupt);
                channel.Received++;
                BytesReceived += copied;
                return true;
            }
        }

        // The usual Message record, from the doorbell's interrupt: values alone, for a receiver asleep for exactly
        // them (ShadowEndpoints.ArriveAtParkedLocked), checked as HandleMessage checks it (each field read from the ring
        // once). False when it is anything else: nothing changed, and HandleMessage takes it.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private bool ArriveAtParked(byte* payload, int length)
        {
            if (length < LinkRecord.MessageHeaderSize) return false;
            ushort descriptors = *(ushort*)(payload + LinkRecord.DescriptorCountOffset);     // the count and the zero after it
            uint values = *(uint*)(payload + LinkRecord.ValuesLengthOffset);
            uint number = *(uint*)(payload + LinkRecord.ChannelOffset);
            ushort tag = *(ushort*)(payload + LinkRecord.TagOffset);
            uint sequence = *(uint*)(payload + LinkRecord.SequenceOffset);
            if (descriptors != 0 || LinkRecord.MessageHeaderSize + (long)values > length || !TryFindLocked(number, out LinkChannel channel)
                || channel.FarClosed || sequence != channel.Received) return false;
            Endpoint shadow = channel.Shadow;
            if (!ShadowEndpoints.ArriveAtParkedLocked(_heap, shadow, shadow.Contract.MessageOfTag(tag), payload + LinkRecord.MessageHeaderSize, values))
                return false;
            channel.Received++;
            BytesReceived += values;
            return true;
        }

        // A Message record that cannot be taken: from the interrupt it stays on the ring for the link thread (false);
        // the link thread counts it and, when it names a live channel, refuses it (closing the channel on both kernels).
        private bool Turn(LinkChannel channel, LinkRejection reason, bool inInterrupt)
        {
            if (inInterrupt) return false;
            if (channel is null) Reject(reason);
            else Refuse(channel, reason);
            return true;
        }

        // An Open record's fields, copied out of the ring once (the far kernel could rewrite it under us).
        private struct OpenRecord
        {
            public uint Number;
            public byte Side, Purpose;
            public int State;
            public ContractInfo Contract;
        }

        // The checks every Open passes, wherever it is taken: its length; a channel number the far kernel may choose and
        // that is not in use (a number still held, or carried and not named yet, is as much in use as an open one); a
        // side; a purpose; zero padding; a contract this kernel knows and a state of it. Returns LinkRejection.Count
        // when it may open; else why not, and (tellFar) whether the far kernel must hear its channel was refused.
        private LinkRejection CheckOpen(byte* payload, int length, out OpenRecord open, out bool tellFar)
        {
            open = default;
            tellFar = false;
            if (length != LinkRecord.OpenSize) return LinkRejection.Malformed;
            open.Number = *(uint*)payload;
            open.Side = payload[4];
            open.Purpose = payload[5];
            ulong id = *(ulong*)(payload + 8);
            open.State = *(int*)(payload + 16);
            bool theirs = (open.Number & 1) == (_low ? 1u : 0u);
            if (!theirs || _channels.ContainsKey(open.Number) || _held.ContainsKey(open.Number) || _carried.ContainsKey(open.Number)
                || (open.Side != ContractInfo.Importer && open.Side != ContractInfo.Exporter)
                || open.Purpose > LinkRecord.OpenCarried || *(ushort*)(payload + 6) != 0 || *(uint*)(payload + 20) != 0)
                return LinkRejection.BadOpen;
            tellFar = true;
            open.Contract = ContractInfo.Find(id);
            if (open.Contract is null) return LinkRejection.UnknownContract;
            if ((uint)open.State >= (uint)open.Contract.StateNames.Length) return LinkRejection.BadOpen;
            tellFar = false;
            return LinkRejection.Count;
        }

        private void HandleOpen(byte* payload, int length)
        {
            LinkRejection problem = CheckOpen(payload, length, out OpenRecord open, out bool tellFar);
            if (problem != LinkRejection.Count)
            {
                Reject(problem);
                if (tellFar) SendCloseLocked(open.Number, LinkRecord.ClosedRefused);
                return;
            }
            ulong handle = ShadowEndpoints.CreateLocked(_heap, open.Contract, open.Side, _heap.KernelOwner, this, open.Number, out Endpoint shadow, open.State);
            _channels.Add(open.Number, new LinkChannel(shadow));
            var accepted = new Accepted { Endpoint = handle, Contract = open.Contract, Side = open.Side };
            if (open.Purpose == LinkRecord.OpenHeld) _held.Add(open.Number, accepted);
            else if (open.Purpose == LinkRecord.OpenCarried) _carried.Add(open.Number, accepted);
            else _accepted.Enqueue(accepted);
        }

        // An Open from the doorbell's interrupt: a held end (a client's bind) or a carried one (an endpoint inside the
        // message right behind it), made from an end prepared ahead, when every check passes and nothing needs
        // allocating (a prepared end left, room in the link's tables, a free slot). Anything else is the link thread's
        // (false): it refuses, counts, or allocates.
        private bool HandleOpenFromInterrupt(byte* payload, int length)
        {
            if (_readyCount == 0 || CheckOpen(payload, length, out OpenRecord open, out _) != LinkRejection.Count) return false;
            Dictionary<uint, Accepted> waiting = open.Purpose == LinkRecord.OpenHeld ? _held : open.Purpose == LinkRecord.OpenCarried ? _carried : null;
            if (waiting is null || _channels.Count >= _channels.EnsureCapacity(0) || waiting.Count >= waiting.EnsureCapacity(0)
                || !_heap.HasFreeSlotLocked())
                return false;
            int ready = --_readyCount;
            ulong handle = ShadowEndpoints.CreatePreparedLocked(_heap, _readyEnds[ready], open.Contract, open.Side, _heap.KernelOwner, this, open.Number, open.State);
            _channels.Add(open.Number, _readyChannels[ready]);
            _readyEnds[ready] = null;
            _readyChannels[ready] = null;
            waiting.Add(open.Number, new Accepted { Endpoint = handle, Contract = open.Contract, Side = open.Side });
            return true;
        }

        // Tops up the ends prepared for the interrupt's Opens, and room in the tables it adds to (a thread, under the
        // heap's lock or before anyone else has the link: it allocates).
        private void PrepareEndsLocked()
        {
            while (_readyCount < PreparedEnds)
            {
                ShadowEndpoints.PreparedEnd ends = ShadowEndpoints.Prepare(_heap);
                _readyEnds[_readyCount] = ends;
                _readyChannels[_readyCount++] = new LinkChannel(ends.ShadowEnd);
            }
            _channels.EnsureCapacity(_channels.Count + PreparedEnds);
            _held.EnsureCapacity(_held.Count + PreparedEnds);
            _carried.EnsureCapacity(_carried.Count + PreparedEnds);
        }

        private void HandleClose(byte* payload, int length)
        {
            if (length != LinkRecord.CloseSize || *(uint*)(payload + 4) > LinkRecord.ClosedRefused)
            {
                Reject(LinkRejection.Malformed);
                return;
            }
            if (!_channels.TryGetValue(*(uint*)payload, out LinkChannel channel) || channel.FarClosed)
            {
                Reject(LinkRejection.NoSuchChannel);
                return;
            }
            FarClosedLocked(channel);
        }

        // A Close record from the doorbell's interrupt, taken there when it is well formed and names a live channel
        // whose real end is on this kernel (a closed channel costs the far kernel no wake-up of its link thread); a
        // relay's close sends a record on (it allocates) and anything to refuse is counted: the link thread's (false).
        private bool HandleCloseFromInterrupt(byte* payload, int length)
        {
            if (length != LinkRecord.CloseSize || *(uint*)(payload + 4) > LinkRecord.ClosedRefused) return false;
            if (!_channels.TryGetValue(*(uint*)payload, out LinkChannel channel) || channel.FarClosed || channel.Shadow.Peer.Link is not null)
                return false;
            FarClosedLocked(channel);
            return true;
        }

        private void FarClosedLocked(LinkChannel channel)
        {
            channel.FarClosed = true;
            ShadowEndpoints.FarClosedLocked(_heap, channel.Shadow);
            ReleaseWaitersLocked(channel);
            ForgetIfDoneLocked(channel);
        }

        // A Declare record, copied out of the ring: the link thread, without the heap's lock (Poll).
        private void HandleDeclare(byte[] bytes)
        {
            ContractInfo declared = ContractDeclaration.Decode(bytes, out _);
            if (declared is null)
            {
                Reject(LinkRejection.BadDeclaration);
                return;
            }
            ContractInfo known = ContractInfo.Find(declared.Id);
            if (known is not null)
            {
                if (!known.SameAs(declared)) Reject(LinkRejection.BadDeclaration);     // its Open will find the one here
                return;
            }
            if (ContractDeclaration.Validate(declared) is not null)
            {
                Reject(LinkRejection.BadDeclaration);
                return;
            }
            try
            {
                ContractInfo.Declare(declared, "kernel k" + FarKernel.ToString());
            }
            catch (ChannelException)
            {
                Reject(LinkRejection.BadDeclaration);      // conflicts with a contract this kernel knows: its Open will fail
            }
        }

        private void HandleHello(byte* payload, int length)
        {
            if (HelloReceived)
            {
                Reject(LinkRejection.BadHello);             // one hello per link: a second is noise, not a reason to stop
                return;
            }
            if (length != LinkRecord.HelloSize || *(uint*)payload != LinkRecord.Version || *(ushort*)(payload + 4) != FarKernel)
            {
                Reject(LinkRejection.BadHello);
                Fail("k" + FarKernel.ToString() + " said hello in another record version or as another kernel");
                return;
            }
            ulong theirs = *(ulong*)(payload + 8), ours = ContractInfo.SystemFingerprint();
            if (theirs != ours)
            {
                Reject(LinkRejection.BadHello);
                Fail("k" + FarKernel.ToString() + " has other system contracts (fingerprint 0x" + theirs.ToString("X16") + ", here 0x" + ours.ToString("X16") + ")");
                return;
            }
            HelloReceived = true;
            _farReadsUs = _localWindow is not null && (payload[6] & LinkRecord.HelloReadsYourMemory) != 0;
        }

        /// <summary>Whether the far kernel's hello arrived and matched (its system contracts are this kernel's).</summary>
        public bool HelloReceived { get; private set; }

        // Atomic: counted under the heap's lock, and by a declaration without it (HandleDeclare).
        private void Reject(LinkRejection reason) => System.Threading.Interlocked.Increment(ref _rejected[(int)reason]);

        // A record about a live channel that cannot be taken: counted, and the channel closes on both kernels (the
        // holder here sees it closed; the far kernel hears why).
        private void Refuse(LinkChannel channel, LinkRejection reason)
        {
            Reject(reason);
            channel.FarClosed = true;
            ShadowEndpoints.FarClosedLocked(_heap, channel.Shadow);
            ReleaseWaitersLocked(channel);
            SendCloseLocked(channel.Shadow.LinkChannel, LinkRecord.ClosedRefused);
            channel.LocalClosed = true;
            ForgetIfDoneLocked(channel);
        }

        private void SendCloseLocked(uint number, uint reason, bool wake = true)
        {
            if (Failure is not null) return;
            if (_backlog.Count == 0 && _out.TryBegin(LinkRecord.Close, LinkRecord.CloseSize, out byte* record))
            {
                *(uint*)record = number;
                *(uint*)(record + 4) = reason;
                _out.Publish();
                Sent(wake);
                return;
            }
            var close = new byte[LinkRecord.CloseSize];
            BinaryPrimitives.WriteUInt32LittleEndian(close.AsSpan(0), number);
            BinaryPrimitives.WriteUInt32LittleEndian(close.AsSpan(4), reason);
            SendControlLocked(LinkRecord.Close, close);
        }

        private void ForgetIfDoneLocked(LinkChannel channel)
        {
            if (!channel.LocalClosed || !channel.FarClosed || channel.Backlogged != 0) return;
            _channels.Remove(channel.Shadow.LinkChannel);
            if (_lastFound == channel) _lastFound = null;
        }

        /// <summary>
        /// The link is over (the far kernel died, or its ring broke): every channel on it closes here, as if its far end
        /// had, and what waited to be sent is freed. The link refuses everything afterwards.
        /// </summary>
        public void Fail(string why)
        {
            nuint state = _heap.Host.Lock();
            try
            {
                FailLocked(why);
            }
            finally
            {
                _heap.Host.Unlock(state);
            }
        }

        private void FailLocked(string why)
        {
            if (Failure is not null) return;
            Failure = why;
            while (_backlog.TryDequeue(out Pending pending))
                if (pending.Channel is not null) _heap.DestroyLocked(pending.Message);
            ReleasePinnedLocked();          // the far kernel reads none of them any more
            var open = new List<LinkChannel>();
            foreach (LinkChannel channel in _channels.Values) open.Add(channel);
            foreach (LinkChannel channel in open)
            {
                ShadowEndpoints.FarClosedLocked(_heap, channel.Shadow);
                ReleaseWaitersLocked(channel);
            }
            _channels.Clear();
            _lastFound = null;
            foreach (Accepted carried in _carried.Values) _heap.DestroyLocked(ExHandle.SlotOf(carried.Endpoint));
            _carried.Clear();
        }

        // The channel numbered number, if it is open on this link. The last one found is kept: a conversation's sends
        // and arrivals name the same channel over and over, and a look in the dictionary costs more than the rest of
        // a send's work on the link.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private bool TryFindLocked(uint number, out LinkChannel channel)
        {
            LinkChannel last = _lastFound;
            if (last is not null && last.Shadow.LinkChannel == number)
            {
                channel = last;
                return true;
            }
            if (!_channels.TryGetValue(number, out channel)) return false;
            _lastFound = channel;
            return true;
        }

        private LinkChannel _lastFound;

        // One channel on the link: the shadow of its far end, the sequence numbers each way, and which sides closed.
        private sealed class LinkChannel
        {
            public LinkChannel(Endpoint shadow)
            {
                Shadow = shadow;
            }

            public readonly Endpoint Shadow;
            public uint Sent, Received;
            public bool LocalClosed, FarClosed;
            public int Backlogged;
            public List<Parking> Waiters;       // senders held back until the backlog drains (MustWaitLocked)
        }

        // What waits for room on the ring: a message block (in flight) of a channel, or a control record.
        private sealed class Pending
        {
            public LinkChannel Channel;
            public int Message;
            public ushort Kind;
            public byte[] Control;
        }

        // An array of a record on the ring the far kernel may still read: freed once the ring's tail reaches Until.
        private struct Pin
        {
            public int Slot;
            public ulong Until;
            public uint Bytes;
        }

        private struct Accepted
        {
            public ulong Endpoint;
            public ContractInfo Contract;
            public byte Side;
        }
    }
}
