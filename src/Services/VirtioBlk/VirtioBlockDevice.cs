// A modern (virtio 1.x) virtio-blk PCI device driven through the registers and DMA buffers the kernel granted this
// process: the common configuration (device status, features, queue set-up), the notify area, the device
// configuration (capacity), and one split virtqueue (2.7) whose descriptor table, available and used rings live in
// one DMA buffer.
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
        private const ulong DeviceFeatureSelect = 0x00, DeviceFeature = 0x04, DriverFeatureSelect = 0x08, DriverFeature = 0x0C,
            DeviceStatus = 0x14, QueueSelect = 0x16, QueueSize = 0x18, QueueMsixVector = 0x1A, QueueEnable = 0x1C,
            QueueNotifyOff = 0x1E, QueueDesc = 0x20, QueueDriver = 0x28, QueueDevice = 0x30;
        private const ushort DescriptorNext = 1, DescriptorWrite = 2;
        private const int Requests = 8;             // requests in flight at most: 3 descriptors each
        private const int QueueEntries = Requests * 4;
        private const int SectorSize = 512;
        private const int MaxPolls = 10_000_000;

        private readonly DeviceRegisters _registers;
        private readonly ulong _common, _notify, _device;
        private readonly DmaBuffer _ring;            // descriptors, then available ring, then used ring (page aligned)
        private readonly DmaBuffer _headers;          // per request: 16-byte header, then 1-byte status at 16
        private readonly int _queueSize, _availableOffset, _usedOffset;
        private ushort _availableIndex, _usedIndex;

        private VirtioBlockDevice(DeviceRegisters registers, ulong common, ulong notify, uint notifyMultiplier, ulong device)
        {
            _registers = registers;
            _common = common;
            _device = device;

            Status(0);                                              // reset, then wait until the device says so
            for (int i = 0; _registers.Read8(_common + DeviceStatus) != 0; i++)
                if (i > MaxPolls) throw new VirtioException("the device did not reset");
            Status(Acknowledge);
            Status(Acknowledge | Driver);
            _registers.Write32(_common + DeviceFeatureSelect, 1);
            if ((_registers.Read32(_common + DeviceFeature) & 1) == 0) throw new VirtioException("the device does not offer VIRTIO_F_VERSION_1");
            _registers.Write32(_common + DriverFeatureSelect, 0);
            _registers.Write32(_common + DriverFeature, 0);
            _registers.Write32(_common + DriverFeatureSelect, 1);
            _registers.Write32(_common + DriverFeature, 1);
            Status(Acknowledge | Driver | FeaturesOk);
            if ((_registers.Read8(_common + DeviceStatus) & FeaturesOk) == 0) throw new VirtioException("the device refused our features");

            _registers.Write16(_common + QueueSelect, 0);
            int offered = _registers.Read16(_common + QueueSize);
            if (offered == 0) throw new VirtioException("the device has no request queue");
            _queueSize = Math.Min(offered, QueueEntries);
            _registers.Write16(_common + QueueSize, (ushort)_queueSize);
            _availableOffset = 16 * _queueSize;
            _usedOffset = (_availableOffset + 6 + 2 * _queueSize + 4095) & ~4095;
            _ring = DmaBuffer.Allocate(_usedOffset + 6 + 8 * _queueSize) ?? throw new VirtioException("no memory for the virtqueue");
            _headers = DmaBuffer.Allocate(Requests * 32) ?? throw new VirtioException("no memory for request headers");
            _registers.Write16(_common + QueueMsixVector, 0xFFFF);    // no MSI-X: this driver polls
            _registers.Write64(_common + QueueDesc, _ring.PhysicalAddress);
            _registers.Write64(_common + QueueDriver, _ring.PhysicalAddress + (ulong)_availableOffset);
            _registers.Write64(_common + QueueDevice, _ring.PhysicalAddress + (ulong)_usedOffset);
            _notify = notify + (ulong)_registers.Read16(_common + QueueNotifyOff) * notifyMultiplier;
            _registers.Write16(_common + QueueEnable, 1);
            Status(Acknowledge | Driver | FeaturesOk | DriverOk);
            Capacity = _registers.Read64(_device);
        }

        /// <summary>The disk's size in 512-byte sectors.</summary>
        public ulong Capacity { get; }

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
            return new VirtioBlockDevice(registers, common, notify, notifyMultiplier, device);
        }

        /// <summary>count sectors from first, with up to 8 requests in flight, one sector each.</summary>
        public byte[] Read(ulong first, int count)
        {
            if (first >= Capacity || (ulong)count > Capacity - first) throw new VirtioException("sectors " + first.ToString() + "+" + count.ToString() + " are past the disk's end");
            var result = new byte[count * SectorSize];
            DmaBuffer data = DmaBuffer.Allocate(Requests * SectorSize) ?? throw new VirtioException("no memory for data buffers");
            var slotSector = new int[Requests];
            int next = 0, done = 0, inFlight = 0;
            var freeSlots = new System.Collections.Generic.Queue<int>();
            for (int i = 0; i < Requests; i++) freeSlots.Enqueue(i);
            while (done < count)
            {
                while (next < count && freeSlots.Count > 0)
                {
                    int slot = freeSlots.Dequeue();
                    slotSector[slot] = next;
                    Submit(slot, first + (ulong)next, data);
                    next++;
                    inFlight++;
                }
                if (inFlight > MostInFlight) MostInFlight = inFlight;
                _registers.Write16(_notify, 0);                 // queue 0 has new requests
                int slotDone = WaitUsed();
                Span<byte> status = new byte[1];
                _headers.Read(slotDone * 32 + 16, status);
                if (status[0] != 0) throw new VirtioException("reading sector " + (first + (ulong)slotSector[slotDone]).ToString() + " failed with status " + status[0].ToString());
                data.Read(slotDone * SectorSize, result.AsSpan(slotSector[slotDone] * SectorSize, SectorSize));
                freeSlots.Enqueue(slotDone);
                inFlight--;
                done++;
            }
            return result;
        }

        // A request is a chain of 3 descriptors (5.2.6): the header the device reads, the sector it writes, the status
        // byte it writes. Slot n uses descriptors 3n to 3n+2.
        private void Submit(int slot, ulong sector, DmaBuffer data)
        {
            int header = slot * 32;
            _headers.WriteUInt32(header, 0);                   // VIRTIO_BLK_T_IN
            _headers.WriteUInt32(header + 4, 0);
            _headers.WriteUInt64(header + 8, sector);
            Span<byte> status = new byte[] { 0xFF };
            _headers.Write(header + 16, status);               // the device overwrites it
            int d = slot * 3;
            Descriptor(d, _headers.PhysicalAddress + (ulong)header, 16, DescriptorNext, d + 1);
            Descriptor(d + 1, data.PhysicalAddress + (ulong)(slot * SectorSize), SectorSize, DescriptorNext | DescriptorWrite, d + 2);
            Descriptor(d + 2, _headers.PhysicalAddress + (ulong)(header + 16), 1, DescriptorWrite, 0);
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

        // Waits for the device to use one more chain; its first descriptor names the slot, which is returned.
        private int WaitUsed()
        {
            for (int polls = 0; _ring.ReadUInt16(_usedOffset + 2) == _usedIndex; polls++)
            {
                if (polls > MaxPolls) throw new VirtioException("the device answered no request");
                Scheduling.Yield();
            }
            uint head = _ring.ReadUInt32(_usedOffset + 4 + 8 * (_usedIndex % _queueSize));
            _usedIndex++;
            return (int)head / 3;
        }

        private void Status(byte value) => _registers.Write8(_common + DeviceStatus, value);
    }
}
