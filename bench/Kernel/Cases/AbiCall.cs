// abi_call: a kernel call from a process, as Linux's getpid case makes a system call. The process (bench-abi) asks for
// its id N times; each repetition times one run with N calls and one with none, and the difference over N is the cost
// of a call with its share of the loop (Linux's figure has its loop too).
using System;
using Helios.Kernel.Arch;
using Helios.Kernel.Processes;

namespace Helios.Kernel.Bench.Cases
{
    internal static class AbiCall
    {
        private const int Calls = 20000;

        public static unsafe void Run() => Measure.RunDifference("abi_call", Calls, &Time);

        // One run of bench-abi, in benchmark units.
        private static ulong Time(int calls)
        {
            Platform platform = Platform.Current;
            Process process = Apps.Create("bench-abi", new[] { calls.ToString() });
            ulong start = platform.ReadCycleCounter();
            process.Start();
            int code = process.Wait();
            ulong units = platform.CounterToBenchmarkUnits(platform.ReadCycleCounter() - start);
            if (code != 0) Diagnostics.Panic.Halt("bench-abi failed: " + (process.KillReason ?? "exit code " + code.ToString()));
            return units;
        }
    }
}
