// The methodology both sides of a comparison share (docs/benchmarking.md): one warm-up batch, then `reps` batches of
// N operations; each batch gives units per operation (rounded to the nearest whole unit); the report is the median
// (the lower middle value for an even count) and the minimum, as a RESULT line.
using System;
using Helios.Kernel.Arch;
using Helios.Kernel.Diagnostics;

namespace Helios.Kernel.Bench
{
    internal static unsafe class Measure
    {
        public static int Repetitions = 11;

        public static void Run(string name, ulong operations, delegate*<ulong, void> batch, string fields = null)
        {
            var perOperation = new ulong[Repetitions];
            batch(operations);
            Platform platform = Platform.Current;
            for (int rep = 0; rep < Repetitions; rep++)
            {
                ulong start = platform.ReadCycleCounter();
                batch(operations);
                ulong units = platform.CounterToBenchmarkUnits(platform.ReadCycleCounter() - start);
                perOperation[rep] = (units + operations / 2) / operations;
            }
            Report(name, perOperation, fields);
        }

        /// <summary>
        /// For work done by processes: times a run with operations operations and a run with none, Repetitions times
        /// after a warm-up pair, and reports the difference over operations — one operation, process creation, start
        /// and exit cancelling out. time(count) is one run, in benchmark units.
        /// </summary>
        public static void RunDifference(string name, int operations, delegate*<int, ulong> time, string fields = null)
        {
            time(0);
            time(operations);
            var perOperation = new ulong[Repetitions];
            for (int rep = 0; rep < perOperation.Length; rep++)
            {
                ulong with = time(operations);
                ulong without = time(0);
                perOperation[rep] = with > without ? (with - without + (ulong)operations / 2) / (ulong)operations : 0;
            }
            Report(name, perOperation, fields);
        }

        /// <summary>Starts the processes on CPU 0, waits for each, and returns the time taken; any failure stops the run.</summary>
        public static ulong TimeProcesses(string name, params Processes.Process[] processes)
        {
            Platform platform = Platform.Current;
            ulong start = platform.ReadCycleCounter();
            foreach (Processes.Process process in processes) process.Start(cpu: 0);
            foreach (Processes.Process process in processes)
                if (process.Wait() != 0)
                    Panic.Halt(name + " failed: " + process.Name + ": " + (process.KillReason ?? "exit code " + process.ExitCode.ToString()));
            return platform.CounterToBenchmarkUnits(platform.ReadCycleCounter() - start);
        }

        /// <summary>
        /// Reports values measured one by one (each already per operation, in benchmark units); fields are extra
        /// "key=value" pairs for the line ("copied=131072 ipis=2").
        /// </summary>
        public static void Report(string name, ulong[] perOperation, string fields = null)
        {
            Array.Sort(perOperation);
            KernelConsole.WriteLine("RESULT name=" + name + " unit=" + Platform.Current.BenchmarkUnit
                + " median=" + perOperation[(perOperation.Length - 1) / 2].ToString()
                + " min=" + perOperation[0].ToString() + " iters=" + perOperation.Length.ToString()
                + (Multikernel.KernelRole.IsMultikernel ? " kernel=" + Multikernel.KernelRole.Id.ToString() : "")
                + (fields is null ? "" : " " + fields));
        }
    }
}
