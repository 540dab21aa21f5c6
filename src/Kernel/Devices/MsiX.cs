// MSI-X (PCI Local Bus 3.0, 6.8.2): a function's table of message interrupts, in one of its memory BARs. Each entry is
// an address and a value the device writes to raise that interrupt: the kernel points an entry at an interrupt of
// the controller it owns (Platform.AllocateMessageInterrupt), so a device interrupt is a plain memory write and edge
// triggered on both ISAs (nothing on the device to acknowledge, no line to keep masked).
using Helios.Kernel.Arch;
using Helios.Kernel.Devices.Pci;

namespace Helios.Kernel.Devices
{
    public sealed class MsiX
    {
        public const byte CapabilityId = 0x11;
        private const uint Enable = 1u << 15, FunctionMask = 1u << 14;
        private const uint EntryMasked = 1;

        private readonly IPciConfigSpace _space;
        private readonly PciFunction _function;
        private readonly int _capability;

        private MsiX(IPciConfigSpace space, PciFunction function, int capability, ulong table, int entries)
        {
            _space = space;
            _function = function;
            _capability = capability;
            Table = table;
            Entries = entries;
        }

        /// <summary>The table's physical address (mapped as Device memory with its BAR).</summary>
        public ulong Table { get; }

        /// <summary>How many entries (vectors) the table has.</summary>
        public int Entries { get; }

        /// <summary>The function's MSI-X table, or null with the reason when it has none the kernel can use.</summary>
        public static MsiX Find(IPciConfigSpace space, PciFunction function, out string problem)
        {
            problem = null;
            foreach (PciCapability capability in function.Capabilities)
            {
                if (capability.Id != CapabilityId) continue;
                uint control = space.Read32(function.Bus, function.Device, function.Function, capability.Offset) >> 16;
                uint placement = space.Read32(function.Bus, function.Device, function.Function, capability.Offset + 4);
                int bar = (int)(placement & 7);
                ulong offset = placement & ~7u;
                int entries = (int)(control & 0x7FF) + 1;
                if (!function.TryGetBar(bar, out PciBar found) || found.IsIo || found.Address == 0)
                {
                    problem = "its MSI-X table is in BAR " + bar.ToString() + ", which is not a placed memory BAR";
                    return null;
                }
                if (offset > found.Size || (ulong)entries * 16 > found.Size - offset)
                {
                    problem = "its MSI-X table (" + entries.ToString() + " entries at 0x" + offset.ToString("x") + ") does not fit in BAR " + bar.ToString();
                    return null;
                }
                return new MsiX(space, function, capability.Offset, found.Address + offset, entries);
            }
            problem = "it has no MSI-X capability";
            return null;
        }

        /// <summary>Entry vector sends data to address, unmasked; MSI-X is turned on for the function (INTx off).</summary>
        public void Route(int vector, ulong address, uint data)
        {
            ulong entry = Table + (ulong)vector * 16;
            Mmio.Write32(entry + 12, EntryMasked);           // masked while it changes
            Mmio.Write32(entry, (uint)address);
            Mmio.Write32(entry + 4, (uint)(address >> 32));
            Mmio.Write32(entry + 8, data);
            Mmio.Write32(entry + 12, 0);
            uint header = _space.Read32(_function.Bus, _function.Device, _function.Function, _capability);
            uint control = ((header >> 16) | Enable) & ~FunctionMask;
            _space.Write32(_function.Bus, _function.Device, _function.Function, _capability, (header & 0xFFFF) | (control << 16));
        }

        /// <summary>Entry vector is masked: the device holds its messages (pending bit) instead of sending them.</summary>
        public void Mask(int vector) => Mmio.Write32(Table + (ulong)vector * 16 + 12, EntryMasked);
    }
}
