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

        public static void Run(string name, ulong operations, delegate*<ulong, void> batch)
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
            Report(name, perOperation);
        }

        /// <summary>Reports values measured one by one (each already per operation, in benchmark units).</summary>
        public static void Report(string name, ulong[] perOperation)
        {
            Array.Sort(perOperation);
            KernelConsole.WriteLine("RESULT name=" + name + " unit=" + Platform.Current.BenchmarkUnit
                + " median=" + perOperation[(perOperation.Length - 1) / 2].ToString()
                + " min=" + perOperation[0].ToString() + " iters=" + perOperation.Length.ToString());
        }
    }
}
