// process_console_line_relay: a Console.WriteLine of a short line from a process whose stdout nobody connected, so it
// goes to the kernel's console (the relay, then the serial port), as `./helios boot --run` shows it. The process
// (bench-console) writes N lines; each repetition times one run with N lines and one with none, and the difference
// over N is one line. Under the benchmark machine's icount the serial port costs its instructions only.
using Helios.Kernel.Processes;

namespace Helios.Kernel.Bench.Cases
{
    internal static class ConsoleLineRelay
    {
        private const int Lines = 200;

        public static unsafe void Run() => Measure.RunDifference("process_console_line_relay", Lines, &Time);

        // One run of bench-console, in benchmark units; Wait returns once its output is on the console.
        private static ulong Time(int lines) => Measure.TimeProcesses("process_console_line_relay", Apps.Create("bench-console", new[] { lines.ToString() }));
    }
}
