// The other processors: each is started on its idle thread's stack (the platform's way: INIT-SIPI-SIPI from the
// MADT on x86_64, PSCI CPU_ON from the device tree on arm64), sets itself up, and joins the scheduler from its idle
// loop, where it steals work until threads are made ready for it. The boot CPU waits for each by sleeping.
using System;
using System.Runtime;
using System.Threading;
using Helios.Kernel.Arch;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Threading;
using Helios.Kernel.Time;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Cpus
{
    public static unsafe class Smp
    {
        private const int StartTimeoutMilliseconds = 2000;

        /// <summary>How many CPUs run the scheduler (the boot CPU included).</summary>
        public static int OnlineCount
        {
            get
            {
                int count = 0;
                foreach (Cpu cpu in Cpu.All)
                    if (cpu.Online) count++;
                return count;
            }
        }

        internal static void StartSecondaries(Platform platform)
        {
            for (int i = 1; i < Cpu.Count; i++)
            {
                Cpu cpu = Cpu.All[i];
                cpu.IdleThread = Thread.CreateIdle(cpu);
                if (!platform.StartCpu(cpu, cpu.IdleThread.Stack.Top))
                {
                    KernelConsole.WriteLine("smp: the firmware would not start CPU " + i.ToString() + " (hardware id 0x" + cpu.HardwareId.ToString("x") + ")");
                    continue;
                }
                for (int waited = 0; !Volatile.Read(ref cpu.OnlineFlag) && waited < StartTimeoutMilliseconds; waited++)
                    Thread.Sleep(1_000_000);
                if (!cpu.Online)
                    KernelConsole.WriteLine("smp: CPU " + i.ToString() + " (hardware id 0x" + cpu.HardwareId.ToString("x") + ") did not come up");
            }
        }

        // Where a started CPU arrives (Arch/*), on its idle thread's stack, with interrupts masked.
        [RuntimeExport("helios_ap_entry")]
        private static void Entry(int index)
        {
            Cpu cpu = Cpu.All[index];
            cpu.Install();
            Thread idle = cpu.IdleThread;
            idle.State = ThreadState.Running;
            cpu.CurrentThread = idle;
            cpu.Block->StackLimit = idle.Stack.Limit;
            Platform.Current.InitializeThisCpu(cpu);
            Platform.Current.StartTick(Tick.Frequency);
            cpu.SwitchedAt = Processor.ReadCounter();
            cpu.Online = true;
            Processor.EnableInterrupts();
            Scheduler.IdleLoop();
        }
    }
}
