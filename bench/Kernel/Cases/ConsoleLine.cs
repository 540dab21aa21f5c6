// process_console_line: a Console.WriteLine of a short line from a process through its stdout pipe, read by a kernel
// thread that drops it (the pipe's cost, without the serial port's). The process (bench-console) writes N lines; each
// repetition times one run with N lines and one with none, the reader on the same CPU; the difference over N is one
// line: encoding it into the exchange-heap buffer, its Write, and taking back the previous buffer (Written).
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Arch;
using Helios.Kernel.Processes;

namespace Helios.Kernel.Bench.Cases
{
    internal static class ConsoleLine
    {
        private const int Lines = 20000;

        public static unsafe void Run() => Measure.RunDifference("process_console_line", Lines, &Time);

        // One run of bench-console with its stdout read (and dropped) by this thread, in benchmark units.
        private static ulong Time(int lines)
        {
            Platform platform = Platform.Current;
            Process process = Apps.Create("bench-console", new[] { lines.ToString() });
            PipeContract.Exp stdout = process.OpenStandardOutput();
            ulong start = platform.ReadCycleCounter();
            process.Start(cpu: 0);
            while (stdout.TryWaitNext(out PipeContract.Descriptor.Message next) && next == PipeContract.Descriptor.Message.Write)
            {
                stdout.ReceiveWrite(out ExArray<byte> data, out _);
                stdout.SendWritten(data);
            }
            stdout.Close();
            int code = process.Wait();
            ulong units = platform.CounterToBenchmarkUnits(platform.ReadCycleCounter() - start);
            if (code != 0) Diagnostics.Panic.Halt("bench-console failed: " + (process.KillReason ?? "exit code " + code.ToString()));
            return units;
        }
    }
}
