// What the kernel learns at boot, whatever the ISA and boot protocol: filled in by the platform (Arch/*) from PVH
// and ACPI on x86_64 or the device tree on arm64.
using System.Collections.Generic;

namespace Helios.Kernel.Boot
{
    public sealed class BootInfo
    {
        public BootInfo(string protocol, string commandLine, List<MemoryRegion> memory, int cpuCount)
        {
            Protocol = protocol;
            CommandLine = commandLine ?? "";
            Memory = memory;
            CpuCount = cpuCount;
        }

        /// <summary>How the kernel was booted, e.g. "PVH" or "device tree".</summary>
        public string Protocol { get; }

        public string CommandLine { get; }

        public List<MemoryRegion> Memory { get; }

        public int CpuCount { get; }

        public ulong UsableBytes
        {
            get
            {
                ulong total = 0;
                foreach (MemoryRegion region in Memory)
                    if (region.Kind == MemoryKind.Usable) total += region.Length;
                return total;
            }
        }
    }
}
