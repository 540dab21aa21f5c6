// A PCI segment the firmware describes (ACPI MCFG on x86_64, a "pci-host-ecam-generic" node on arm64): where its
// configuration space is memory-mapped (ECAM: 4 KiB a function, 1 MiB a bus) and, when the kernel must place the
// devices' BARs itself because no firmware did, the bus addresses it may give them.
namespace Helios.Kernel.Boot
{
    public readonly struct PciHostBridge
    {
        public PciHostBridge(ulong ecamBase, ushort segment, byte startBus, byte endBus, ulong memoryWindow = 0, ulong memoryWindowSize = 0)
        {
            EcamBase = ecamBase;
            Segment = segment;
            StartBus = startBus;
            EndBus = endBus;
            MemoryWindow = memoryWindow;
            MemoryWindowSize = memoryWindowSize;
        }

        /// <summary>The physical address of bus 0's configuration space (MCFG's base; bus StartBus is 1 MiB × StartBus above it).</summary>
        public ulong EcamBase { get; }

        public ushort Segment { get; }

        public byte StartBus { get; }

        public byte EndBus { get; }

        /// <summary>The first byte of configuration space the bridge decodes (bus StartBus).</summary>
        public ulong EcamStart => EcamBase + ((ulong)StartBus << 20);

        /// <summary>The bytes of configuration space its buses take.</summary>
        public ulong EcamLength => (ulong)(EndBus - StartBus + 1) << 20;

        /// <summary>
        /// A 32-bit memory window for BARs the kernel assigns (the device tree's "ranges"), identity-mapped from the
        /// CPU's view to the bus's; 0 when the firmware assigned them (SeaBIOS on q35).
        /// </summary>
        public ulong MemoryWindow { get; }

        public ulong MemoryWindowSize { get; }
    }
}
