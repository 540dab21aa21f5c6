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
            text.Append("Helios kernel for ").Append(platform.IsaName).Append(", booted by ").Append(boot.Protocol).Append('\n');
            text.Append("  cpus:   ").Append(boot.CpuCount).Append('\n');
            int usable = 0;
            foreach (MemoryRegion region in boot.Memory)
                if (region.Kind == MemoryKind.Usable) usable++;
            text.Append("  memory: ").Append(Units.Bytes(boot.UsableBytes)).Append(" usable in ").Append(usable)
                .Append(usable == 1 ? " region\n" : " regions\n");
            foreach (MemoryRegion region in boot.Memory)
                text.Append($"    {region.Start:x16}-{region.End - 1:x16}  {Units.Bytes(region.Length),10}  {MemoryRegion.KindName(region.Kind)}\n");
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
    }
}
