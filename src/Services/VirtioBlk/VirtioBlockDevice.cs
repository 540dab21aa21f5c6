// A modern (virtio 1.x) virtio-blk PCI device driven through the registers and DMA buffers the kernel granted this
// process: the common configuration (device status, features, queue set-up), the notify area, the device
// configuration (capacity), and one split virtqueue (2.7) whose descriptor table, available and used rings live in
// one DMA buffer. Reads, writes and flushes, several requests in flight: each request is one piece of up to 64 KiB in
// a slot of its own (its header, status byte and data buffer), and the device may finish them in any order. The request queue interrupts through MSI-X
// vector 0 (granted by the manifest); the driver blocks on it and keeps the device from interrupting while it is not
// waiting (VIRTQ_AVAIL_F_NO_INTERRUPT, 2.7.7). Where the kernel cannot route the interrupt it polls the used ring.
using System;
using Helios.Sip;

namespace VirtioBlk
{
    public sealed class VirtioBlockDevice
    {
        private const ushort Vendor = 0x1AF4, BlockDevice = 0x1042;
        private const int ModernBar = 4;
        // Device status bits (2.1) and the one feature this driver asks for (VIRTIO_F_VERSION_1, bit 32).
        private const byte Acknowledge = 1, Driver = 2, DriverOk = 4, FeaturesOk = 8, Failed = 128;
        // Common configuration registers (4.1.4.3).
        private const ulong MsixConfig = 0x10, DeviceFeatureSelect = 0x00, DeviceFeature = 0x04, DriverFeatureSelect = 0x08, DriverFeature = 0x0C,
            DeviceStatus = 0x14, QueueSelect = 0x16, QueueSize = 0x18, QueueMsixVector = 0x1A, QueueEnable = 0x1C,
            QueueNotifyOff = 0x1E, QueueDesc = 0x20, QueueDriver = 0x28, QueueDevice = 0x30;
        private const ushort DescriptorNext = 1, DescriptorWrite = 2;
        private const ushort AvailableNoInterrupt = 1, NoVector = 0xFFFF;
        private const int QueueVector = 0;          // the MSI-X vector of the request queue (the manifest grants it)
        private const long AnswerTimeout = 30_000_000_000;   // ns: a device that answers nothing in 30 s has failed
        private const int Requests = 8;             // requests in flight at most: 3 descriptors each
        private const int QueueEntries = Requests * 4;
        private const int SectorSize = 512;
        // The data of one request, in one physically contiguous piece: BlockDeviceClient's largest request (64 KiB) is
        // then one request to QEMU, not sixteen, and one wait, not two: each wait may sleep until the interrupt, which
        // under -icount costs the guest up to a tick.
        private const int PieceSize = 64 * 1024;
        // Request types (5.2.6) and the device features this driver takes when offered (5.2.3).
        private const uint RequestIn = 0, RequestOut = 1, RequestFlush = 4;
        private const uint FeatureReadOnly = 1u << 5, FeatureFlush = 1u << 9;
        private const int MaxPolls = 10_000_000;
        private const int PollsBeforeSleeping = 256;

        private readonly DeviceRegisters _registers;
        private DeviceInterrupt _interrupt;  // null: the used ring is polled
        private readonly ulong _common, _notify, _device;
        private readonly DmaBuffer _ring;            // descriptors, then available ring, then used ring (page aligned)
        private readonly DmaBuffer _headers;          // per request: 16-byte header, then 1-byte status at 16
        private readonly DmaBuffer _data;             // per request: one piece of data
        private readonly int _queueSize, _availableOffset, _usedOffset;
        private ushort _availableIndex, _usedIndex;
        private readonly int[] _freeSlots = new int[Requests];
        private int _freeCount;

        private VirtioBlockDevice(DeviceRegisters registers, DeviceInterrupt interrupt, ulong common, ulong notify, uint notifyMultiplier, ulong device)
        {
            _registers = registers;
            _interrupt = interrupt;
            _common = common;
            _device = device;

            Status(0);                                              // reset, then wait until the device says so
            for (int i = 0; _registers.Read8(_common + DeviceStatus) != 0; i++)
                if (i > MaxPolls) throw new VirtioException("the device did not reset");
            Status(Acknowledge);
            Status(Acknowledge | Driver);
            _registers.Write32(_common + DeviceFeatureSelect, 1);
            if ((_registers.Read32(_common + DeviceFeature) & 1) == 0) throw new VirtioException("the device does not offer VIRTIO_F_VERSION_1");
            _registers.Write32(_common + DeviceFeatureSelect, 0);
            uint offered = _registers.Read32(_common + DeviceFeature);
            CanFlush = (offered & FeatureFlush) != 0;
            ReadOnly = (offered & FeatureReadOnly) != 0;
            _registers.Write32(_common + DriverFeatureSelect, 0);
            _registers.Write32(_common + DriverFeature, offered & (FeatureFlush | FeatureReadOnly));
            _registers.Write32(_common + DriverFeatureSelect, 1);
            _registers.Write32(_common + DriverFeature, 1);
            Status(Acknowledge | Driver | FeaturesOk);
            if ((_registers.Read8(_common + DeviceStatus) & FeaturesOk) == 0) throw new VirtioException("the device refused our features");

            _registers.Write16(_common + QueueSelect, 0);
            int entries = _registers.Read16(_common + QueueSize);
            if (entries == 0) throw new VirtioException("the device has no request queue");
            _queueSize = Math.Min(entries, QueueEntries);
            _registers.Write16(_common + QueueSize, (ushort)_queueSize);
            _availableOffset = 16 * _queueSize;
            _usedOffset = (_availableOffset + 6 + 2 * _queueSize + 4095) & ~4095;
            _ring = DmaBuffer.Allocate(_usedOffset + 6 + 8 * _queueSize) ?? throw new VirtioException("no memory for the virtqueue");
            _headers = DmaBuffer.Allocate(Requests * 32) ?? throw new VirtioException("no memory for request headers");
            _data = DmaBuffer.Allocate(Requests * PieceSize) ?? throw new VirtioException("no memory for data buffers");
            _registers.Write16(_common + MsixConfig, NoVector);           // configuration changes interrupt nobody
            if (_interrupt is not null)
            {
                // The device may refuse the vector (4.1.5.1.2): it answers NO_VECTOR, and the driver polls.
                _registers.Write16(_common + QueueMsixVector, QueueVector);
                if (_registers.Read16(_common + QueueMsixVector) != QueueVector) _interrupt = null;
            }
            if (_interrupt is null) _registers.Write16(_common + QueueMsixVector, NoVector);
            _ring.WriteUInt16(_availableOffset, AvailableNoInterrupt);     // until the driver waits (WaitUsed)
            _registers.Write64(_common + QueueDesc, _ring.PhysicalAddress);
            _registers.Write64(_common + QueueDriver, _ring.PhysicalAddress + (ulong)_availableOffset);
            _registers.Write64(_common + QueueDevice, _ring.PhysicalAddress + (ulong)_usedOffset);
            _notify = notify + (ulong)_registers.Read16(_common + QueueNotifyOff) * notifyMultiplier;
            _registers.Write16(_common + QueueEnable, 1);
            Status(Acknowledge | Driver | FeaturesOk | DriverOk);
            Capacity = _registers.Read64(_device);
            for (int slot = Requests - 1; slot >= 0; slot--) _freeSlots[_freeCount++] = slot;
        }

        /// <summary>The most bytes one slot carries.</summary>
        public const int SlotBytes = PieceSize;

        /// <summary>Slots free for a new request.</summary>
        public int FreeSlots => _freeCount;

        /// <summary>Requests the device holds (started and not yet taken by WaitSlot).</summary>
        public int InFlight => Requests - _freeCount;

        /// <summary>The disk's size in 512-byte sectors.</summary>
        public ulong Capacity { get; }

        /// <summary>Whether the driver waits for the device's interrupt (else it polls).</summary>
        public bool UsesInterrupts => _interrupt is not null;

        /// <summary>How many times the device interrupted the driver.</summary>
        public ulong Interrupts => _interrupt?.Count ?? 0;

        /// <summary>The most requests the device held at once.</summary>
        public int MostInFlight { get; private set; }

        /// <summary>The disk, brought up; null when the machine has none.</summary>
        public static VirtioBlockDevice Open()
        {
            DeviceRegisters registers = DeviceRegisters.Open(Vendor, BlockDevice, ModernBar);
            if (registers is null) return null;
            // Virtio's vendor capabilities (id 9, 4.1.4): type, BAR, offset; the notify one also its multiplier.
            ulong common = ulong.MaxValue, notify = ulong.MaxValue, device = ulong.MaxValue;
            uint notifyMultiplier = 0;
            int capability = (int)(registers.ReadConfig32(0x34) & 0xFC);
            for (int count = 0; capability != 0 && count < 48; count++)
            {
                uint header = registers.ReadConfig32(capability);
                if ((byte)header == 0x09)
                {
                    int type = (int)(header >> 24);
                    int bar = (int)(registers.ReadConfig32(capability + 4) & 0xFF);
                    ulong offset = registers.ReadConfig32(capability + 8);
                    if (bar == ModernBar)
                    {
                        if (type == 1) common = offset;
                        if (type == 2)
                        {
                            notify = offset;
                            notifyMultiplier = registers.ReadConfig32(capability + 16);
                        }
                        if (type == 4) device = offset;
                    }
                }
                capability = (int)((header >> 8) & 0xFC);
            }
            if (common == ulong.MaxValue || notify == ulong.MaxValue || device == ulong.MaxValue)
                throw new VirtioException("the device lacks a common, notify or device configuration in BAR 4");
            // Before the device is reset and its queue set up: the kernel points the MSI-X entry at its controller.
            DeviceInterrupt interrupt = DeviceInterrupt.Open(Vendor, BlockDevice, QueueVector);
            return new VirtioBlockDevice(registers, interrupt, common, notify, notifyMultiplier, device);
        }

        /// <summary>count sectors from first (the harness's check).</summary>
        public byte[] Read(ulong first, int count)
        {
            var result = new byte[count * SectorSize];
            Transfer(false, first, result);
            return result;
        }

        /// <summary>
        /// Reads (write false) or writes whole sectors from first into or out of data, in pieces of up to 64 KiB with up
        /// to 8 requests in flight; a range past the disk's end is refused before anything is sent. Needs every slot
        /// free (nothing else in flight).
        /// </summary>
        public void Transfer(bool write, ulong first, Span<byte> data)
        {
            if (data.Length % SectorSize != 0) throw new VirtioException("a transfer of " + data.Length.ToString() + " bytes is not whole sectors");
            ulong count = (ulong)(data.Length / SectorSize);
            if (first > Capacity || count > Capacity - first) throw new VirtioException("sectors " + first.ToString() + "+" + count.ToString() + " are past the disk's end");
            if (write && ReadOnly) throw new VirtioException("the disk is read-only");
            int pieces = (data.Length + PieceSize - 1) / PieceSize;
            var slotPiece = new int[Requests];
            int next = 0, done = 0;
            string failure = null;
            while (done < next || (next < pieces && failure is null))
            {
                bool started = false;
                while (next < pieces && failure is null && _freeCount > 0)
                {
                    int length = Math.Min(PieceSize, data.Length - next * PieceSize);
                    int slot = Start(write, first + (ulong)(next * PieceSize / SectorSize), write ? data.Slice(next * PieceSize, length) : default, length);
                    slotPiece[slot] = next;
                    next++;
                    started = true;
                }
                if (started) Notify();
                int slotDone = WaitSlot(out byte status);
                int piece = slotPiece[slotDone];
                if (status != 0 && failure is null)
                    failure = (write ? "writing" : "reading") + " sector " + (first + (ulong)(piece * PieceSize / SectorSize)).ToString() + " failed with status " + status.ToString();
                if (status == 0 && !write) Take(slotDone, data.Slice(piece * PieceSize, Math.Min(PieceSize, data.Length - piece * PieceSize)));
                Release(slotDone);
                done++;
            }
            // A failed piece: the pieces already started were waited for (their slots are free again), no more began.
            if (failure is not null) throw new VirtioException(failure);
        }

        /// <summary>
        /// Starts a read (write false) or write of length bytes (whole sectors, at most 64 KiB) at sector in a free slot,
        /// which it returns; a write's data is copied into the slot's DMA buffer first. The device sees it at the next
        /// Notify. The caller checked the range.
        /// </summary>
        public int Start(bool write, ulong sector, ReadOnlySpan<byte> data, int length)
        {
            if (_freeCount == 0) throw new VirtioException("no request slot is free");
            if (length <= 0 || length > PieceSize || length % SectorSize != 0) throw new VirtioException("a request of " + length.ToString() + " bytes is not one slot of whole sectors");
            int slot = _freeSlots[--_freeCount];
            if (write) _data.Write(slot * PieceSize, data.Slice(0, length));
            Submit(slot, write ? RequestOut : RequestIn, sector, length);
            if (InFlight > MostInFlight) MostInFlight = InFlight;
            return slot;
        }

        /// <summary>Tells the device its queue has new requests.</summary>
        public void Notify() => _registers.Write16(_notify, 0);

        /// <summary>Waits for the device to finish one request, whichever it finishes first; returns its slot and its
        /// status (0: done). The slot stays taken until Release.</summary>
        public int WaitSlot(out byte status)
        {
            int slot = WaitUsed();
            status = RequestStatus(slot);
            return slot;
        }

        /// <summary>Copies what a finished read brought into the slot's buffer.</summary>
        public void Take(int slot, Span<byte> into) => _data.Read(slot * PieceSize, into);

        public void Release(int slot) => _freeSlots[_freeCount++] = slot;

        /// <summary>
        /// Reads sector 0 with the device asked to interrupt from the start and waits for the interrupt itself, not the
        /// used ring: whether the device interrupted (the test that the driver takes interrupts: the ordinary path waits
        /// only when the used ring has nothing new, which depends on how fast the host is).
        /// </summary>
        public bool ProbeInterrupt()
        {
            if (_interrupt is null) return false;
            ulong before = _interrupt.Count;
            _ring.WriteUInt16(_availableOffset, 0);
            Start(false, 0, default, SectorSize);
            Notify();
            bool came = _interrupt.Wait(AnswerTimeout);
            _ring.WriteUInt16(_availableOffset, AvailableNoInterrupt);
            int slot = WaitSlot(out byte status);
            Release(slot);
            if (status != 0) throw new VirtioException("reading sector 0 failed with status " + status.ToString());
            return came && _interrupt.Count > before;
        }

        /// <summary>Waits up to timeoutNanoseconds for an interrupt with no request in flight (none comes): false.</summary>
        public bool WaitIdle(long timeoutNanoseconds) => _interrupt is not null && _interrupt.Wait(timeoutNanoseconds);

        /// <summary>
        /// Everything written so far reaches stable storage (VIRTIO_BLK_T_FLUSH): the writes the device has finished (a
        /// client flushes with nothing outstanding). A device without a volatile cache
        /// (which does not offer VIRTIO_BLK_F_FLUSH) has nothing to flush: its completed writes are durable.
        /// </summary>
        public void Flush()
        {
            if (!CanFlush) return;
            if (_freeCount == 0) throw new VirtioException("no request slot is free for the flush");
            Submit(_freeSlots[--_freeCount], RequestFlush, 0, 0);
            Notify();
            int slot = WaitSlot(out byte status);
            Release(slot);
            if (status != 0) throw new VirtioException("the flush failed with status " + status.ToString());
        }

        /// <summary>Whether the device has a write cache to flush (VIRTIO_BLK_F_FLUSH offered, and taken).</summary>
        public bool CanFlush { get; }

        /// <summary>VIRTIO_BLK_F_RO: the device refuses writes.</summary>
        public bool ReadOnly { get; }

        private byte RequestStatus(int slot)
        {
            Span<byte> status = new byte[1];
            _headers.Read(slot * 32 + 16, status);
            return status[0];
        }

        // A request is a chain of descriptors (5.2.6): the header the device reads, the data (which the device writes
        // for a read, reads for a write; none for a flush), the status byte it writes. Slot n uses descriptors 3n to 3n+2.
        private void Submit(int slot, uint type, ulong sector, int length)
        {
            int header = slot * 32;
            _headers.WriteUInt32(header, type);
            _headers.WriteUInt32(header + 4, 0);
            _headers.WriteUInt64(header + 8, sector);
            Span<byte> status = new byte[] { 0xFF };
            _headers.Write(header + 16, status);               // the device overwrites it
            int d = slot * 3;
            ulong statusAddress = _headers.PhysicalAddress + (ulong)(header + 16);
            if (length == 0)
            {
                Descriptor(d, _headers.PhysicalAddress + (ulong)header, 16, DescriptorNext, d + 2);
            }
            else
            {
                Descriptor(d, _headers.PhysicalAddress + (ulong)header, 16, DescriptorNext, d + 1);
                ushort direction = type == RequestIn ? DescriptorWrite : (ushort)0;
                Descriptor(d + 1, _data.PhysicalAddress + (ulong)(slot * PieceSize), (uint)length, (ushort)(DescriptorNext | direction), d + 2);
            }
            Descriptor(d + 2, statusAddress, 1, DescriptorWrite, 0);
            _ring.WriteUInt16(_availableOffset + 4 + 2 * (_availableIndex % _queueSize), (ushort)d);
            _availableIndex++;
            _ring.WriteUInt16(_availableOffset + 2, _availableIndex);   // after the entry: the device reads idx first
        }

        private void Descriptor(int index, ulong address, uint length, ushort flags, int next)
        {
            int at = index * 16;
            _ring.WriteUInt64(at, address);
            _ring.WriteUInt32(at + 8, length);
            _ring.WriteUInt16(at + 12, flags);
            _ring.WriteUInt16(at + 14, (ushort)next);
        }

        // Waits for the device to use one more chain; its first descriptor names the slot, which is returned. It polls
        // the used ring first, yielding between looks: QEMU usually completes a request within a few polls, and sleeping
        // costs the guest up to a tick (under -icount sleep=off an idle machine's clock jumps to its next timer), far
        // more than the polls; Linux's block layer polls before sleeping for the same reason. Without an interrupt,
        // polling is all there is.
        private int WaitUsed()
        {
            for (int polls = 0; !Answered; polls++)
            {
                if (_interrupt is not null && polls >= PollsBeforeSleeping)
                {
                    SleepUntilAnswered();
                    break;
                }
                if (polls > MaxPolls) throw new VirtioException("the device answered no request");
                Scheduling.Yield();
            }
            uint head = _ring.ReadUInt32(_usedOffset + 4 + 8 * (_usedIndex % _queueSize));
            _usedIndex++;
            return (int)head / 3;
        }

        private bool Answered => _ring.ReadUInt16(_usedOffset + 2) != _usedIndex;

        // The device is asked to interrupt only while the driver sleeps, and the used ring is looked at again after
        // asking: a request the device completed before it saw the flag cleared sends no interrupt, and would otherwise
        // be waited for forever. (The device reads the flag after it writes the used index, 2.7.7.2.)
        private void SleepUntilAnswered()
        {
            _ring.WriteUInt16(_availableOffset, 0);
            while (!Answered)
                if (!_interrupt.Wait(AnswerTimeout)) throw new VirtioException("the device answered no request in 30 s");
            _ring.WriteUInt16(_availableOffset, AvailableNoInterrupt);
        }

        private void Status(byte value) => _registers.Write8(_common + DeviceStatus, value);
    }
}
