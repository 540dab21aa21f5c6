// Finds every function behind a host bridge by reading configuration space, sizes its BARs and, where no firmware ran
// (arm64's virt), places them in the bridge's memory window. Pure: the kernel gives it ECAM, the tests a simulated bus.
// Every bus the bridge decodes is probed, so functions behind bridges are found whatever programmed the bridges'
// bus numbers; the bridges themselves are listed but their windows are not programmed (q35 and virt put their
// devices on the root bus).
using System.Collections.Generic;
using Helios.Kernel.Boot;

namespace Helios.Kernel.Devices.Pci
{
    public static class PciScanner
    {
        public const int CommandRegister = 0x04;
        public const uint CommandIoSpace = 1, CommandMemorySpace = 2, CommandBusMaster = 4;
        private const int ClassRegister = 0x08, HeaderRegister = 0x0C, FirstBar = 0x10, CapabilityPointer = 0x34, InterruptRegister = 0x3C;
        private const uint StatusCapabilityList = 1u << (16 + 4);
        private const int MaxCapabilities = 48;     // (256 - 64) / 4: more means the list loops

        /// <summary>Every function on the bridge's buses, in bus, device, function order.</summary>
        public static List<PciFunction> Scan(IPciConfigSpace space, PciHostBridge bridge)
        {
            var found = new List<PciFunction>();
            ulong cursor = bridge.MemoryWindow, windowEnd = bridge.MemoryWindow + bridge.MemoryWindowSize;
            for (int bus = bridge.StartBus; bus <= bridge.EndBus; bus++)
                for (byte device = 0; device < 32; device++)
                {
                    PciFunction first = Probe(space, bridge.Segment, (byte)bus, device, 0, ref cursor, windowEnd);
                    if (first is null) continue;
                    found.Add(first);
                    bool multifunction = (space.Read32((byte)bus, device, 0, HeaderRegister) & 0x0080_0000) != 0;
                    for (byte function = 1; multifunction && function < 8; function++)
                    {
                        PciFunction more = Probe(space, bridge.Segment, (byte)bus, device, function, ref cursor, windowEnd);
                        if (more is not null) found.Add(more);
                    }
                }
            return found;
        }

        private static PciFunction Probe(IPciConfigSpace space, ushort segment, byte bus, byte device, byte function, ref ulong cursor, ulong windowEnd)
        {
            uint identity = space.Read32(bus, device, function, 0);
            if ((identity & 0xFFFF) == 0xFFFF || (identity & 0xFFFF) == 0) return null;
            byte headerType = (byte)((space.Read32(bus, device, function, HeaderRegister) >> 16) & 0x7F);
            var found = new PciFunction(segment, bus, device, function, identity, space.Read32(bus, device, function, ClassRegister), headerType);
            found.InterruptPin = (byte)(space.Read32(bus, device, function, InterruptRegister) >> 8);
            if (headerType == 0) ReadBars(space, found, ref cursor, windowEnd);
            ReadCapabilities(space, found);
            return found;
        }

        // Sizing writes all ones to a BAR, which would move it: decoding is off meanwhile, and back as it was after.
        private static void ReadBars(IPciConfigSpace space, PciFunction found, ref ulong cursor, ulong windowEnd)
        {
            byte bus = found.Bus, device = found.Device, function = found.Function;
            uint command = space.Read32(bus, device, function, CommandRegister);
            space.Write32(bus, device, function, CommandRegister, command & 0xFFFF & ~(CommandIoSpace | CommandMemorySpace));
            bool placed = false;
            for (int index = 0; index < 6; index++)
            {
                int offset = FirstBar + index * 4;
                uint low = space.Read32(bus, device, function, offset);
                bool isIo = (low & 1) != 0;
                bool is64 = !isIo && ((low >> 1) & 3) == 2 && index < 5;
                space.Write32(bus, device, function, offset, 0xFFFF_FFFF);
                uint lowMask = space.Read32(bus, device, function, offset);
                space.Write32(bus, device, function, offset, low);
                uint high = 0, highMask = is64 ? 0xFFFF_FFFF : 0;
                if (is64)
                {
                    high = space.Read32(bus, device, function, offset + 4);
                    space.Write32(bus, device, function, offset + 4, 0xFFFF_FFFF);
                    highMask = space.Read32(bus, device, function, offset + 4);
                    space.Write32(bus, device, function, offset + 4, high);
                }
                // An unimplemented BAR reads back 0: no size. Otherwise the bits above those it decodes count as set.
                ulong mask = ((ulong)highMask << 32) | (lowMask & (isIo ? 0xFFFF_FFFCu : 0xFFFF_FFF0u));
                if (mask != 0 && !is64 && !isIo) mask |= 0xFFFF_FFFF_0000_0000;
                if (mask != 0 && isIo) mask |= 0xFFFF_FFFF_FFFF_0000;   // I/O BARs may implement only the low 16 bits
                ulong size = mask == 0 ? 0 : ~mask + 1;
                ulong address = ((ulong)high << 32) | (low & (isIo ? 0xFFFF_FFFCu : 0xFFFF_FFF0u));
                if (size != 0 && (size & (size - 1)) == 0)
                {
                    if (!isIo && address == 0 && cursor != 0)
                    {
                        ulong aligned = (cursor + size - 1) & ~(size - 1);
                        if (aligned >= cursor && aligned + size <= windowEnd)
                        {
                            address = aligned;
                            cursor = aligned + size;
                            space.Write32(bus, device, function, offset, (uint)address | (low & 0xF));
                            if (is64) space.Write32(bus, device, function, offset + 4, (uint)(address >> 32));
                            placed = true;
                        }
                    }
                    found.Bars.Add(new PciBar(index, address, size, isIo, is64, !isIo && (low & 8) != 0));
                }
                if (is64) index++;
            }
            if (placed) command |= CommandMemorySpace;
            space.Write32(bus, device, function, CommandRegister, command & 0xFFFF);
        }

        private static void ReadCapabilities(IPciConfigSpace space, PciFunction found)
        {
            if ((space.Read32(found.Bus, found.Device, found.Function, CommandRegister) & StatusCapabilityList) == 0) return;
            int offset = (int)(space.Read32(found.Bus, found.Device, found.Function, CapabilityPointer) & 0xFC);
            for (int count = 0; offset >= 0x40 && count < MaxCapabilities; count++)
            {
                uint header = space.Read32(found.Bus, found.Device, found.Function, offset);
                found.Capabilities.Add(new PciCapability((byte)header, offset));
                offset = (int)((header >> 8) & 0xFC);
            }
        }
    }
}
