// process_console_line_relay: a Console.WriteLine of a short line from a process whose stdout nobody connected, so it
// goes to the kernel's console (the relay, then the serial port), as `./helios boot --run` shows it. The process
// (bench-console) writes N lines; each repetition times one run with N lines and one with none, and the difference
// over N is one line. Under the benchmark machine's icount the serial port costs its instructions only.
using Helios.Kernel.Arch;
using Helios.Kernel.Processes;

namespace Helios.Kernel.Bench.Cases
{
    internal static class ConsoleLineRelay
    {
        private const int Lines = 200;

        public static void Run()
        {
            Time(0);
            Time(Lines);
            var perLine = new ulong[Measure.Repetitions];
            for (int rep = 0; rep < perLine.Length; rep++)
            {
                ulong with = Time(Lines);
                ulong without = Time(0);
                perLine[rep] = with > without ? (with - without + Lines / 2) / Lines : 0;
            }
            Measure.Report("process_console_line_relay", perLine);
        }

        // One run of bench-console, in benchmark units; Wait returns once its output is on the console.
        private static ulong Time(int lines)
        {
            Platform platform = Platform.Current;
            Process process = Apps.Create("bench-console", new[] { lines.ToString() });
            ulong start = platform.ReadCycleCounter();
            process.Start(cpu: 0);
            int code = process.Wait();
            ulong units = platform.CounterToBenchmarkUnits(platform.ReadCycleCounter() - start);
            if (code != 0) Diagnostics.Panic.Halt("bench-console failed: " + (process.KillReason ?? "exit code " + code.ToString()));
            return units;
        }
    }
}
