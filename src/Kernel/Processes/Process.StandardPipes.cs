// A process's standard pipes: stdin, stdout and stderr are PipeContract channels (the paper's Figure 2 inputPipe).
// The process holds the reader end of its stdin and the writer ends of its stdout and stderr; whoever creates it
// holds the other ends and connects them before Start: reads them itself (OpenStandardOutput), feeds them
// (OpenStandardInput), hands them to another process (Pipe: a | b, with no relay between) or leaves them. A stdout or
// stderr left unconnected goes to the kernel's console under the process's name (ConsoleRelay), made when the process
// first asks for it, so a process that prints nothing costs no pipe; a stdin left unconnected is empty.
using System;
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Threading;

namespace Helios.Kernel.Processes
{
    public sealed partial class Process
    {
        /// <summary>Which standard pipe: the index a process asks for (helios_process_standard_endpoint).</summary>
        public const int StandardInputPipe = 0, StandardOutputPipe = 1, StandardErrorPipe = 2;

        // The process's ends, held by its owner (0: not connected); and its console relays still running.
        private readonly ulong[] _standard = new ulong[3];
        private int _runningRelays;

        /// <summary>A new stdin for the process: the caller writes what the process reads (closing it is the end of input).</summary>
        public PipeContract.Imp OpenStandardInput()
        {
            CheckConnectable(StandardInputPipe);
            PipeContract.NewChannel(out PipeContract.Imp writer, out PipeContract.Exp reader);
            Connect(StandardInputPipe, reader.Handle);
            return writer;
        }

        /// <summary>A new stdout for the process: the caller reads what the process writes.</summary>
        public PipeContract.Exp OpenStandardOutput() => OpenOutput(StandardOutputPipe);

        /// <summary>A new stderr for the process: the caller reads what the process writes to Console.Error.</summary>
        public PipeContract.Exp OpenStandardError() => OpenOutput(StandardErrorPipe);

        /// <summary>Gives the process a reader end the caller holds as its stdin (another process's stdout: Pipe).</summary>
        public void SetStandardInput(PipeContract.Exp reader) => Connect(StandardInputPipe, reader.Handle);

        /// <summary>Gives the process a writer end the caller holds as its stdout.</summary>
        public void SetStandardOutput(PipeContract.Imp writer) => Connect(StandardOutputPipe, writer.Handle);

        /// <summary>Gives the process a writer end the caller holds as its stderr.</summary>
        public void SetStandardError(PipeContract.Imp writer) => Connect(StandardErrorPipe, writer.Handle);

        /// <summary>from | to: what from writes to stdout, to reads from stdin, over one channel between them.</summary>
        public static void Pipe(Process from, Process to)
        {
            to.CheckConnectable(StandardInputPipe);
            to.SetStandardInput(from.OpenStandardOutput());
        }

        private PipeContract.Exp OpenOutput(int which)
        {
            CheckConnectable(which);
            PipeContract.NewChannel(out PipeContract.Imp writer, out PipeContract.Exp reader);
            Connect(which, writer.Handle);
            return reader;
        }

        // The end becomes the process's. Only before it starts: a running process has already looked for its pipes.
        private void Connect(int which, ulong endpoint)
        {
            CheckConnectable(which);
            ExchangeHeap heap = ExchangeHeap.Current;
            _standard[which] = heap.Transfer(endpoint, heap.Host.CurrentOwner, ChannelOwner);
        }

        private void CheckConnectable(int which)
        {
            if (State != ProcessState.Created)
                throw new InvalidOperationException("process " + Name + ": standard pipes are connected before it starts");
            if (_standard[which] != 0)
                throw new InvalidOperationException("process " + Name + ": its " + PipeName(which) + " is connected already");
        }

        /// <summary>
        /// The process's end of a standard pipe, or 0 (an unconnected stdin). On the process's own thread (its ABI
        /// call): an unconnected stdout or stderr is connected to the console now.
        /// </summary>
        internal ulong StandardEndpoint(int which)
        {
            if ((uint)which > StandardErrorPipe) return 0;
            if (_standard[which] == 0 && which != StandardInputPipe) ConnectToConsole(which);
            return _standard[which];
        }

        // Runs on the process's thread, so the new channel's ends are the process's: the reader end goes to the kernel.
        private void ConnectToConsole(int which)
        {
            PipeContract.NewChannel(out PipeContract.Imp writer, out PipeContract.Exp reader);
            ExchangeHeap heap = ExchangeHeap.Current;
            var relayEnd = new PipeContract.Exp(heap.Transfer(reader.Handle, ChannelOwner, heap.KernelOwner));
            System.Threading.Interlocked.Increment(ref _runningRelays);
            _standard[which] = writer.Handle;
            ConsoleRelay.Start(this, relayEnd);
        }

        /// <summary>A console relay of this process is done: its output is on the console.</summary>
        internal void RelayEnded()
        {
            nuint waits = WaitDispatcher.Lock();
            _runningRelays--;
            WaitDispatcher.WakeWaiters(this);
            WaitDispatcher.Unlock(waits);
        }

        private static string PipeName(int which) => which == StandardInputPipe ? "stdin" : which == StandardOutputPipe ? "stdout" : "stderr";
    }
}
