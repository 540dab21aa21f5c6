// The kernel's end of a process's standard output or error when nobody else reads it: a kernel thread that reads the
// pipe and writes each line to the kernel's console under the process's name ("[hello] text"), as processes printed
// before pipes existed. Each Write is printed before its buffer goes back (Written), so a process that has had its
// last buffer back knows its output is on the console. A line cut short by the end of the pipe is printed then.
// When the pipe ends (the process closed it, or ended however it ended) the relay frees what it holds and tells the
// process, whose waiters wake only once its output is out (Process.RelayEnded).
using System;
using System.Text;
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Threading;
using Internal.Text;

namespace Helios.Kernel.Processes
{
    internal sealed class ConsoleRelay
    {
        private readonly Process _process;
        private readonly PipeContract.Exp _pipe;
        private readonly string _prefix;
        private readonly StringBuilder _line = new StringBuilder();
        private readonly char[] _chars = new char[256];
        private readonly Utf8Decoder _decoder = new Utf8Decoder();

        private ConsoleRelay(Process process, PipeContract.Exp pipe)
        {
            _process = process;
            _pipe = pipe;
            _prefix = "[" + process.Name + "] ";
        }

        /// <summary>Relays pipe (a reader end the kernel holds) to the console under process's name.</summary>
        internal static void Start(Process process, PipeContract.Exp pipe)
        {
            var relay = new ConsoleRelay(process, pipe);
            new Thread(relay.Run, "console " + process.Name) { ChannelOwner = ExchangeHeap.Current.KernelOwner }.Start();
        }

        private void Run()
        {
            try
            {
                while (_pipe.TryWaitNext(out PipeContract.Descriptor.Message next))
                {
                    if (next != PipeContract.Descriptor.Message.Write)
                    {
                        _pipe.ReceiveClose();
                        break;
                    }
                    _pipe.ReceiveWrite(out ExArray<byte> data, out int count);
                    Span<byte> bytes = data.Span;
                    Print(bytes.Slice(0, Math.Clamp(count, 0, bytes.Length)));
                    try
                    {
                        _pipe.SendWritten(data);
                    }
                    catch (ChannelClosedException)
                    {
                        data.Free();                // the writer is gone: the buffer is ours to free
                    }
                }
            }
            catch (Exception e)         // a kernel thread's exception would end the kernel: report it, end the relay
            {
                KernelConsole.WriteLine("kernel: the console relay of " + _process.Name + " stopped: " + e.Message);
            }
            if (_decoder.Finish()) _line.Append('\uFFFD');
            if (_line.Length > 0) EmitLine();
            _pipe.Close();
            _process.RelayEnded();
        }

        private void Print(ReadOnlySpan<byte> bytes)
        {
            while (bytes.Length > 0) Append(new ReadOnlySpan<char>(_chars, 0, _decoder.Decode(ref bytes, _chars)));
        }

        private void Append(ReadOnlySpan<char> text)
        {
            foreach (char c in text)
            {
                if (c == '\n') EmitLine();
                else if (c != '\r') _line.Append(c);
            }
        }

        private void EmitLine()
        {
            KernelConsole.Write(_prefix + _line.ToString() + "\n");
            _line.Clear();
        }
    }
}
