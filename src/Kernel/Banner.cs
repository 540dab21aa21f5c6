// The boot banner: what the kernel found, in a form people and the test harness both read.
using System.Text;
using Helios.Kernel.Arch;
using Helios.Kernel.Boot;
using Helios.Kernel.Cpus;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Memory;
using Helios.Kernel.Time;

namespace Helios.Kernel
{
    internal static class Banner
    {
        internal static void Print(Platform platform, BootInfo boot)
        {
            var text = new StringBuilder();
            text.Append("Helios kernel ");
            if (Multikernel.KernelRole.IsMultikernel)
                text.Append(Multikernel.KernelRole.Name).Append(Multikernel.KernelRole.IsSatellite ? " (satellite" : " (coordinator")
                    .Append(", NUMA domain ").Append(Multikernel.KernelRole.Domain).Append(", ").Append(Multikernel.KernelRole.Count).Append(" kernels) ");
            text.Append("for ").Append(platform.IsaName).Append(", booted by ").Append(boot.Protocol).Append('\n');
            text.Append("  cpus:   ").Append(boot.CpuCount);
            if (Multikernel.KernelRole.IsMultikernel)
            {
                text.Append(" (hardware ids");
                foreach (CpuDescription cpu in boot.Cpus) text.Append(' ').Append(cpu.HardwareId);
                text.Append(')');
            }
            text.Append('\n');
            // Usable memory that is wholly reserved and not this kernel's own (another kernel's machine page, a boot
            // bundle in another domain) is shown as what it is, not counted.
            int usable = 0;
            ulong bytes = 0;
            foreach (MemoryRegion region in boot.Memory)
                if (region.Kind == MemoryKind.Usable && SharedWith(boot, region) is null)
                {
                    usable++;
                    bytes += region.Length;
                }
            text.Append("  memory: ").Append(Units.Bytes(bytes)).Append(" usable in ").Append(usable)
                .Append(usable == 1 ? " region\n" : " regions\n");
            foreach (MemoryRegion region in boot.Memory)
            {
                string kind = region.Kind == MemoryKind.Usable ? SharedWith(boot, region) ?? "usable" : MemoryRegion.KindName(region.Kind);
                text.Append($"    {region.Start:x16}-{region.End - 1:x16}  {Units.Bytes(region.Length),10}  {kind}\n");
            }
            text.Append("  command line: \"").Append(boot.CommandLine).Append("\"\n");
            text.Append("  online: ").Append(Smp.OnlineCount).Append(" of ").Append(boot.CpuCount).Append(" CPUs");
            if (boot.DomainCount > 1) text.Append(" in ").Append(boot.DomainCount).Append(" NUMA domains");
            text.Append('\n');
            text.Append("  frames: ").Append(Units.Bytes(Frames.FreeFrames * FrameAllocator.FrameSize)).Append(" free\n");
            text.Append("  time:   counter ").Append(Clock.Frequency / 1000).Append(" kHz, tick ").Append(Tick.Frequency).Append(" Hz\n");
            if (Processes.Apps.HasBundle)
                text.Append("  apps:   ").Append(string.Join(", ", Processes.Apps.Names)).Append(" (boot bundle, ").Append(Units.Bytes(Processes.Apps.BundleLength)).Append(")\n");
            KernelConsole.Write(text.ToString());
        }

        // On a kernel of a multikernel machine: what a usable region wholly inside a reserved range's pages is shared for.
        private static string SharedWith(BootInfo boot, MemoryRegion region)
        {
            if (!Multikernel.KernelRole.IsMultikernel) return null;
            foreach (ReservedRange range in boot.Reserved)
                if ((range.Start & ~4095UL) <= region.Start && region.End <= ((range.End + 4095) & ~4095UL)) return "shared: " + range.What;
            return null;
        }
    }
}
