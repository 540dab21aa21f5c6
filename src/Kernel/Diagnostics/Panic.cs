// A kernel panic: print what went wrong (first line "HELIOS-PANIC <what>", then details) and end the machine with
// ExitCode.Panic. It allocates (the message and its details are strings), so it needs a working heap; a panic
// inside a panic stops at once.
using System;
using System.Runtime.CompilerServices;
using System.Text;
using Internal.Runtime;

namespace Helios.Kernel.Diagnostics
{
    public static class Panic
    {
        public const string Marker = HostProtocol.PanicMarker;

        private static bool s_panicking;

        /// <summary>Stops the kernel with a message. Never returns.</summary>
        public static void Halt(string message) => Stop(message, null);

        /// <summary>The runtime's fail-fast: allocates nothing, so it can report that the heap is exhausted.</summary>
        internal static void FailFast(ReadOnlySpan<char> message) => Stop("fail fast: ", message.IsEmpty ? "(no message)" : message, null);

        /// <summary>Panics when condition is false, naming the source line.</summary>
        public static void Assert(bool condition, string message = null,
            [CallerArgumentExpression(nameof(condition))] string expression = null,
            [CallerFilePath] string file = null, [CallerLineNumber] int line = 0)
        {
            if (condition) return;
            Stop("assertion failed: " + (message ?? expression), "  at " + file + ":" + line.ToString() + "\n");
        }

        /// <summary>An exception nobody caught, as the runtime described it (type, message, stack trace).</summary>
        internal static void UnhandledException(ReadOnlySpan<char> description)
            => Stop("unhandled exception: " + new string(description), null);

        internal static void StackOverflow(Threading.Thread thread, ulong address, ulong instructionPointer)
            => Stop("stack overflow in thread '" + thread.Name + "' (" + (thread.Stack.Size / 1024).ToString() + " KiB stack; fault at 0x" + address.ToString("x") + ")",
                "  at " + Describe(instructionPointer) + "\n");

        internal static void CpuException(in TrapReport report, string note = null)
        {
            var details = new StringBuilder();
            details.Append("  at ").Append(Describe(report.InstructionPointer)).Append('\n');
            if (report.HasFaultAddress) details.Append($"  fault address 0x{report.FaultAddress:x16}\n");
            details.Append($"  code 0x{report.Code:x}\n");
            details.Append(report.Registers);
            Stop("CPU exception: " + report.Name + (note is null ? "" : ": " + note), details.ToString());
        }

        /// <summary>An address as "0x… Namespace.Type.Method+0x1c" when the image's symbol table knows it.</summary>
        public static string Describe(ulong address)
        {
            string text = "0x" + address.ToString("x16");
            unsafe
            {
                if (ImageSymbols.TryLookup((void*)address, out string name, out ulong offset, out _))
                    text = text + " " + name + "+0x" + offset.ToString("x");
            }
            return text;
        }

        private static void Stop(string what, string details) => Stop(what, default, details);

        private static void Stop(string what, ReadOnlySpan<char> more, string details)
        {
            if (s_panicking)
            {
                KernelConsole.WriteLine("\nHELIOS-PANIC (again, while panicking)");
                KernelExit.Exit(ExitCode.Panic);
            }
            s_panicking = true;
            KernelConsole.Write("\n" + Marker);
            KernelConsole.Write(what);
            KernelConsole.Write(more);
            KernelConsole.WriteLine();
            if (details is not null) KernelConsole.Write(details);
            KernelExit.Exit(ExitCode.Panic);
        }
    }
}
