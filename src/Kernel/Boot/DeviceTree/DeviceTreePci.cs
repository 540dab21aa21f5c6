// PCIe host bridges in a device tree: "pci-host-ecam-generic" nodes (QEMU's virt has one). Nothing before the kernel
// assigns BARs there, so each bridge also gives the 32-bit memory window its "ranges" maps one to one from the CPU to
// the bus, where the kernel places them.
using System;
using System.Buffers.Binary;
using System.Collections.Generic;

namespace Helios.Kernel.Boot.DeviceTree
{
    public static class DeviceTreePci
    {
        public const string EcamCompatible = "pci-host-ecam-generic";

        private const uint SpaceCodeMask = 0x0300_0000;     // phys.hi's ss bits (IEEE 1275 PCI binding)
        private const uint Memory32 = 0x0200_0000;

        /// <summary>The tree's ECAM host bridges, in tree order.</summary>
        public static List<PciHostBridge> Read(FlattenedDeviceTree tree)
        {
            var bridges = new List<PciHostBridge>();
            Collect(tree.Root, bridges);
            return bridges;
        }

        private static void Collect(DeviceTreeNode node, List<PciHostBridge> bridges)
        {
            if (IsCompatible(node, EcamCompatible) && node.GetString("status") is null or "okay") bridges.Add(Bridge(node));
            foreach (DeviceTreeNode child in node.Children) Collect(child, bridges);
        }

        private static bool IsCompatible(DeviceTreeNode node, string compatible)
        {
            byte[] value = node.GetProperty("compatible");
            if (value is null) return false;
            // A list of NUL-terminated strings, most specific first.
            int start = 0;
            for (int i = 0; i <= value.Length; i++)
            {
                if (i < value.Length && value[i] != 0) continue;
                if (i - start == compatible.Length)
                {
                    bool same = true;
                    for (int j = 0; j < compatible.Length && same; j++) same = value[start + j] == compatible[j];
                    if (same) return true;
                }
                start = i + 1;
            }
            return false;
        }

        private static PciHostBridge Bridge(DeviceTreeNode node)
        {
            List<(ulong Address, ulong Size)> reg = node.GetRegisters();
            if (reg.Count == 0) throw new BootInfoException("device tree: PCI host " + node.Name + " has no reg (its ECAM)");
            byte startBus = 0, endBus = 255;
            byte[] busRange = node.GetProperty("bus-range");
            if (busRange is not null)
            {
                if (busRange.Length != 8) throw new BootInfoException("device tree: PCI host " + node.Name + " has a bus-range of " + busRange.Length.ToString() + " bytes, not 8");
                uint first = BinaryPrimitives.ReadUInt32BigEndian(busRange), last = BinaryPrimitives.ReadUInt32BigEndian(busRange.AsSpan(4));
                if (last > 255 || first > last) throw new BootInfoException("device tree: PCI host " + node.Name + " has bus-range " + first.ToString() + "-" + last.ToString());
                startBus = (byte)first;
                endBus = (byte)last;
            }
            // ECAM's reg starts at the first bus of bus-range (the generic binding), so bus 0 is below it by StartBus MiB.
            (ulong ecam, ulong ecamSize) = reg[0];
            if ((ecam & 0xFFFFF) != 0 || ecam < ((ulong)startBus << 20) || ecamSize < ((ulong)(endBus - startBus + 1) << 20))
                throw new BootInfoException("device tree: PCI host " + node.Name + "'s ECAM 0x" + ecam.ToString("x") + " +0x" + ecamSize.ToString("x") + " does not cover buses " + startBus.ToString() + "-" + endBus.ToString());
            (ulong window, ulong windowSize) = MemoryWindow(node);
            ushort segment = (ushort)(node.GetUInt32("linux,pci-domain") ?? 0);
            return new PciHostBridge(ecam - ((ulong)startBus << 20), segment, startBus, endBus, window, windowSize);
        }

        // The first 32-bit memory range that the bridge maps to the same CPU address, below 4 GiB (a 32-bit BAR can
        // hold any address in it).
        private static (ulong Start, ulong Size) MemoryWindow(DeviceTreeNode node)
        {
            byte[] ranges = node.GetProperty("ranges");
            if (ranges is null) return (0, 0);
            uint parentCells = node.Parent?.GetUInt32("#address-cells") ?? 2;
            uint sizeCells = node.GetUInt32("#size-cells") ?? 2;
            if (parentCells is 0 or > 2 || sizeCells is 0 or > 2 || node.GetUInt32("#address-cells") != 3)
                throw new BootInfoException("device tree: PCI host " + node.Name + " has cell counts its ranges cannot be read with");
            int stride = (int)(3 + parentCells + sizeCells) * 4;
            if (ranges.Length % stride != 0)
                throw new BootInfoException("device tree: PCI host " + node.Name + " has ranges of " + ranges.Length.ToString() + " bytes, not whole " + stride.ToString() + "-byte entries");
            for (int offset = 0; offset < ranges.Length; offset += stride)
            {
                uint space = BinaryPrimitives.ReadUInt32BigEndian(ranges.AsSpan(offset)) & SpaceCodeMask;
                ulong bus = BinaryPrimitives.ReadUInt64BigEndian(ranges.AsSpan(offset + 4));
                ulong cpu = Cells(ranges, offset + 12, (int)parentCells);
                ulong size = Cells(ranges, offset + 12 + (int)parentCells * 4, (int)sizeCells);
                if (space == Memory32 && bus == cpu && size != 0 && cpu < 1UL << 32 && size <= (1UL << 32) - cpu) return (cpu, size);
            }
            return (0, 0);
        }

        private static ulong Cells(byte[] bytes, int offset, int cells)
            => cells == 1 ? BinaryPrimitives.ReadUInt32BigEndian(bytes.AsSpan(offset)) : BinaryPrimitives.ReadUInt64BigEndian(bytes.AsSpan(offset));
    }
}
