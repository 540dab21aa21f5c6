// What the kernel needs from a device tree: memory (less reservations is the memory manager's job, issue 4), the
// CPUs, the command line.
using System.Collections.Generic;

namespace Helios.Kernel.Boot.DeviceTree
{
    public static class DeviceTreeBootInfo
    {
        /// <summary>Reads the device tree at address in memory.</summary>
        public static BootInfo Read(IPhysicalMemory memory, ulong address)
        {
            int size = FlattenedDeviceTree.ReadUsedSize(memory.Read(address, FlattenedDeviceTree.HeaderSize));
            if (size == 0) throw new BootInfoException("no device tree at 0x" + address.ToString("x"));
            return Read(FlattenedDeviceTree.Parse(memory.Read(address, size)));
        }

        public static BootInfo Read(FlattenedDeviceTree tree)
        {
            var memory = new List<MemoryRegion>();
            foreach (DeviceTreeNode node in tree.Root.Children)
            {
                if (node.GetString("device_type") != "memory") continue;
                foreach ((ulong address, ulong size) in node.GetRegisters())
                    if (size != 0) memory.Add(new MemoryRegion(address, size, MemoryKind.Usable));
            }
            if (memory.Count == 0) throw new BootInfoException("device tree: no memory node");
            memory.Sort((a, b) => a.Start.CompareTo(b.Start));

            int cpus = 0;
            DeviceTreeNode cpusNode = tree.Find("/cpus");
            if (cpusNode is not null)
                foreach (DeviceTreeNode node in cpusNode.Children)
                    if (node.GetString("device_type") == "cpu" && node.GetString("status") is null or "okay") cpus++;
            if (cpus == 0) throw new BootInfoException("device tree: no CPU under /cpus");

            string commandLine = tree.Find("/chosen")?.GetString("bootargs") ?? "";
            return new BootInfo("device tree", commandLine, memory, cpus);
        }
    }
}
