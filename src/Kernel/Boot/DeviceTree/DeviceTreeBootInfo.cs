// What the kernel needs from a device tree: memory and its NUMA domains (numa-node-id), the CPUs (their MPIDR in
// "reg"), the command line, PCIe host bridges, and what must stay
// reserved (the tree itself and its reservation block).
using System.Collections.Generic;

namespace Helios.Kernel.Boot.DeviceTree
{
    public static class DeviceTreeBootInfo
    {
        /// <summary>Reads the device tree at address in memory.</summary>
        public static BootInfo Read(IPhysicalMemory memory, ulong address) => Read(memory, address, out _);

        /// <summary>Reads the device tree at address in memory, and gives the parsed tree for the platform's drivers.</summary>
        public static BootInfo Read(IPhysicalMemory memory, ulong address, out FlattenedDeviceTree tree)
        {
            int size = FlattenedDeviceTree.ReadUsedSize(memory.Read(address, FlattenedDeviceTree.HeaderSize));
            if (size == 0) throw new BootInfoException("no device tree at 0x" + address.ToString("x"));
            tree = FlattenedDeviceTree.Parse(memory.Read(address, size));
            BootInfo boot = Read(tree);
            boot.Reserved.Insert(0, new ReservedRange(address, (ulong)size, "device tree"));
            return boot;
        }

        public static BootInfo Read(FlattenedDeviceTree tree)
        {
            var domains = new List<uint>();
            var memory = new List<MemoryRegion>();
            var numa = new List<(ulong Start, ulong Size, uint Node)>();
            foreach (DeviceTreeNode node in tree.Root.Children)
            {
                if (node.GetString("device_type") != "memory") continue;
                uint? nodeId = node.GetUInt32("numa-node-id");
                if (nodeId is uint id && !domains.Contains(id)) domains.Add(id);
                foreach ((ulong address, ulong size) in node.GetRegisters())
                {
                    if (size == 0) continue;
                    memory.Add(new MemoryRegion(address, size, MemoryKind.Usable));
                    if (nodeId is uint n) numa.Add((address, size, n));
                }
            }
            if (memory.Count == 0) throw new BootInfoException("device tree: no memory node");
            memory.Sort((a, b) => a.Start.CompareTo(b.Start));

            var cpuNodes = new List<(ulong Mpidr, uint? Node)>();
            DeviceTreeNode cpusNode = tree.Find("/cpus");
            if (cpusNode is not null)
            {
                foreach (DeviceTreeNode node in cpusNode.Children)
                {
                    if (node.GetString("device_type") != "cpu" || node.GetString("status") is not (null or "okay")) continue;
                    List<(ulong Address, ulong Size)> reg = node.GetRegisters();
                    if (reg.Count == 0) throw new BootInfoException("device tree: CPU node " + node.Name + " has no reg (its MPIDR)");
                    uint? nodeId = node.GetUInt32("numa-node-id");
                    if (nodeId is uint id && !domains.Contains(id)) domains.Add(id);
                    cpuNodes.Add((reg[0].Address, nodeId));
                }
            }
            if (cpuNodes.Count == 0) throw new BootInfoException("device tree: no CPU under /cpus");

            // Domains are numbered densely from 0 in increasing numa-node-id order.
            domains.Sort();
            var cpus = new List<CpuDescription>();
            foreach ((ulong mpidr, uint? node) in cpuNodes)
                cpus.Add(new CpuDescription(mpidr, node is uint n ? domains.IndexOf(n) : 0));
            var affinity = new List<MemoryAffinity>();
            foreach ((ulong start, ulong size, uint node) in numa)
                affinity.Add(new MemoryAffinity(start, size, domains.IndexOf(node)));

            var reserved = new List<ReservedRange>();
            foreach ((ulong address, ulong size) in tree.ReservedMemory)
                reserved.Add(new ReservedRange(address, size, "device tree /memreserve/"));
            DeviceTreeNode reservedMemory = tree.Find("/reserved-memory");
            if (reservedMemory is not null)
                foreach (DeviceTreeNode node in reservedMemory.Children)
                    foreach ((ulong address, ulong size) in node.GetRegisters())
                        reserved.Add(new ReservedRange(address, size, "device tree " + node.Name));

            string commandLine = tree.Find("/chosen")?.GetString("bootargs") ?? "";
            var boot = new BootInfo("device tree", commandLine, memory, cpus, affinity, reserved);
            boot.PciHosts.AddRange(DeviceTreePci.Read(tree));
            return boot;
        }
    }
}
