// The bench image's payload: runs every case (or those the command line names: bench=thread_yield,timer_irq) with
// reps=N repetitions, prints their RESULT lines between BENCH-START and BENCH-END, and exits.
using System;
using Helios.Kernel;
using Helios.Kernel.Boot;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Threading;

namespace Helios.Kernel.Bench
{
    internal static unsafe class BenchRunner
    {
        internal static void Install() => KernelMain.Payload = &Run;

        private static readonly (string Name, delegate*<void> Run)[] Cases =
        {
            ("thread_yield", &Cases.ThreadYield.Run),
            ("waitset_pingpong", &Cases.WaitSetPingPong.Run),
            ("timer_irq", &Cases.TimerInterrupt.Run),
            ("sched_stress_yield", &Cases.SchedulerStress.Run),
            ("throw_catch", &Cases.ThrowCatch.Run),
        };

        private static int Run(BootInfo boot)
        {
            var line = new CommandLine(boot.CommandLine);
            string reps = line.GetValue("reps");
            if (reps is not null && int.TryParse(reps, out int count) && count >= 11) Measure.Repetitions = count;
            string only = line.GetValue("bench");
            KernelConsole.WriteLine("BENCH-START");
            // Every case runs on CPU 0, in a thread pinned there: the other CPUs idle, as Linux's are offline.
            var runner = new Thread(() =>
            {
                foreach ((string name, delegate*<void> run) in Cases)
                    if (only is null || Array.IndexOf(only.Split(','), name) >= 0) run();
            }, "bench", affinity: 0);
            runner.Start();
            runner.Join();
            KernelConsole.WriteLine("BENCH-END ok");
            return (int)ExitCode.Success;
        }
    }
}

namespace Internal.Runtime.CompilerHelpers
{
    // ilc's library-initializer contract: the runtime calls this once at startup, before the kernel reads its payload.
    internal static class LibraryInitializer
    {
        public static void InitializeLibrary() => Helios.Kernel.Bench.BenchRunner.Install();
    }
}
