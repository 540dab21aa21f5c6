// The serial console's input as a process's stdin (`./helios boot --run APP`, which forwards the host's stdin): a
// kernel thread polls the UART (Platform.ReadConsole) and sends what arrives over the pipe, a line at a time, or
// whatever has arrived when the UART falls quiet, or a full buffer. End of transmission (0x04, ^D: the CLI sends it
// when its stdin ends) is the end of the input: the pipe's Close. Polling, not interrupts: the UART has no driver
// model yet, and an idle poll every millisecond costs nothing measurable; QEMU holds back what the UART's FIFO cannot
// take, so nothing is lost while the process is not reading. While input flows the poll yields instead of sleeping.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Arch;
using Helios.Kernel.Threading;
using Helios.Kernel.Time;

namespace Helios.Kernel.Processes
{
    internal static class ConsoleInput
    {
        private const int EndOfTransmission = 0x04;
        private const int BufferBytes = 1024;
        private const long PollNanoseconds = 1_000_000;
        // After a byte, the poll only yields for this long: QEMU refills the FIFO as soon as the guest drains it, and a
        // millisecond's sleep per FIFO-full would hold input to about 16 KB/s.
        private const ulong BusyNanoseconds = 5_000_000;

        /// <summary>Connects the process's stdin (not started yet) to the serial console.</summary>
        internal static void Connect(Process process) => Feed(process.OpenStandardInput());

        /// <summary>
        /// Writes the serial console's input to pipe (the kernel's writer end), whose reader may be on another kernel
        /// (a process started there: RemoteProcess).
        /// </summary>
        internal static void Feed(PipeContract.Imp pipe)
        {
            new Thread(() => Run(pipe), "console input") { ChannelOwner = ExchangeHeap.Current.KernelOwner }.Start();
        }

        private static void Run(PipeContract.Imp pipe)
        {
            Platform platform = Platform.Current;
            ExArray<byte> buffer = ExArray<byte>.Allocate(BufferBytes);
            int count = 0;
            ulong lastByte = 0;
            try
            {
                while (true)
                {
                    int b = platform.ReadConsole();
                    if (b < 0)
                    {
                        if (count > 0) Send(pipe, ref buffer, ref count);
                        if (pipe.IsClosed) break;               // the process is gone
                        if (Clock.Now - lastByte < BusyNanoseconds) Thread.Yield();
                        else Thread.Sleep(PollNanoseconds);
                        continue;
                    }
                    lastByte = Clock.Now;
                    if (b == EndOfTransmission)
                    {
                        if (count > 0) Send(pipe, ref buffer, ref count);
                        pipe.SendClose();
                        break;
                    }
                    buffer[count++] = (byte)b;
                    if (b == '\n' || count == BufferBytes) Send(pipe, ref buffer, ref count);
                }
            }
            catch (ChannelClosedException)
            {
                // The process ended: its stdin went with it.
            }
            if (ExchangeHeap.Current.IsLive(buffer.Handle)) buffer.Free();
            pipe.Close();
        }

        // Lends the buffer to the process and waits for it back (the process decodes it when it reads).
        private static void Send(PipeContract.Imp pipe, ref ExArray<byte> buffer, ref int count)
        {
            pipe.SendWrite(buffer, count);
            count = 0;
            pipe.ReceiveWritten(out buffer);
        }
    }
}
