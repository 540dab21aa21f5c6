// A process's Console over its standard pipes (docs/processes.md#standard-pipes): Console.Out and Console.Error write
// to the writer ends of stdout and stderr, Console.In reads the reader end of stdin. Each end is fetched from the
// kernel when first used (helios_process_standard_endpoint), so a process that never prints asks for no pipe. Output
// is line-buffered: a write that contains a newline is sent, as is a full buffer; everything is sent and
// acknowledged before the process exits (a return from Main or Environment.Exit), and sent before a read of stdin
// waits (a prompt shows before the answer is awaited). An unhandled exception sends what is buffered without waiting
// long, then the kernel reports the exception on its console by itself.
using System;
using System.Runtime;
using System.Runtime.CompilerServices;
using Internal.Runtime;

namespace Helios.Sip
{
    internal static class StandardStreams
    {
        private static PipeWriter s_out;
        private static PipeWriter s_error;

        internal static void Install()
        {
            s_out = new PipeWriter(1);
            s_error = new PipeWriter(2);
            Console.SetOut(s_out);
            Console.SetError(s_error);
            Console.SetIn(new PipeReader(0));
            ExitHooks.BeforeExit = Finish;
            ExitHooks.BeforeCrash = FinishForCrash;
        }

        /// <summary>Sends what stdout and stderr hold (before a read of stdin waits).</summary>
        internal static void Flush()
        {
            s_out?.Flush();
            s_error?.Flush();
        }

        /// <summary>At exit: everything written is sent and back from the reader.</summary>
        internal static void Finish()
        {
            s_out?.Drain();
            s_error?.Drain();
        }

        private static void FinishForCrash()
        {
            s_out?.DrainForCrash();
            s_error?.DrainForCrash();
        }

        /// <summary>The process's end of standard pipe which (0 stdin, 1 stdout, 2 stderr), or 0 when it has none.</summary>
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_process_standard_endpoint")]
        internal static extern ulong Endpoint(int which);
    }
}
