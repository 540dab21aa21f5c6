// Bringing processors into the kernel: the Cpu objects for every CPU the boot information names (the one we boot
// on becomes CPU 0), and the boot CPU's own per-CPU block, first thread (on the boot stack) and idle thread.
using Helios.Kernel.Arch;
using Helios.Kernel.Boot;
using Helios.Kernel.Memory;
using Helios.Kernel.Threading;
using Internal.Runtime;

namespace Helios.Kernel.Cpus
{
    internal static unsafe class CpuSetup
    {
        internal static void CreateCpus(BootInfo boot, Platform platform)
        {
            ulong self = platform.CurrentCpuHardwareId;
            var cpus = new Cpu[boot.Cpus.Count];
            int next = 1;
            foreach (CpuDescription cpu in boot.Cpus)
            {
                if (cpu.HardwareId == self && cpus[0] is null) cpus[0] = new Cpu(0, cpu.HardwareId, cpu.Domain);
                else if (next < cpus.Length) cpus[next] = new Cpu(next++, cpu.HardwareId, cpu.Domain);
                else throw new BootInfoException("the CPU we boot on (hardware id 0x" + self.ToString("x") + ") is not among the firmware's CPUs");
            }
            Cpu.Create(cpus);
        }

        /// <summary>The boot CPU: its block, the thread already running (on the image's stack), its idle thread.</summary>
        internal static void InitializeBootCpu(ImageLayout* layout)
        {
            Cpu cpu = Cpu.All[0];
            cpu.Install();
            ulong stackStart = (ulong)layout->StackStart;
            var stack = new KernelStack(stackStart - PageTable.PageSize, stackStart, (ulong)layout->StackEnd);
            Thread boot = Thread.ForRunningStack("boot", stack);
            boot.Cpu = cpu;
            cpu.CurrentThread = boot;
            cpu.Block->StackLimit = stack.Limit;
            cpu.IdleThread = Thread.CreateIdle(cpu);
            cpu.SwitchedAt = Processor.ReadCounter();
        }
    }
}
