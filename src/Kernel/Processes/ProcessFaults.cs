// A fault in a process is the process's, never the kernel's. The faults C# defines (null dereference, division by
// zero, overflow) become exceptions in the process, raised by its own runtime (the kernel cannot make the process's
// objects) through the fault entry its header names; whatever the process does not catch ends it. Any other fault
// in a process's code or on its thread's stack (a stack overflow) kills the process and nothing else.
using Helios.Kernel.Diagnostics;
using Internal.Runtime.ExceptionHandling;

namespace Helios.Kernel.Processes
{
    internal static unsafe class ProcessFaults
    {
        /// <summary>Raises fault in the process whose code was interrupted; returns if the code is no process's.</summary>
        internal static void RaiseInProcess(HardwareFault fault, RegisterContext* interrupted)
        {
            Process process = Process.Current;
            if (process is null || !process.ContainsCode(interrupted->Ip)) return;
            var raise = (delegate*<int, RegisterContext*, void>)(process.Base + process.Image.Header.RaiseFault);
            raise((int)fault, interrupted);
            Process.KillCurrent("the process's fault entry returned");
        }

        /// <summary>Kills the running process if the fault is in its code; returns when it is the kernel's (the caller panics).</summary>
        internal static void KillIfTheirs(in TrapReport report)
        {
            Process process = Process.Current;
            if (process is null || process.HasEnded) return;
            if (process.ContainsCode(report.InstructionPointer))
                Process.KillCurrent("CPU exception: " + report.Name + " at " + Describe(process, report.InstructionPointer)
                    + (report.HasFaultAddress ? ", fault address 0x" + report.FaultAddress.ToString("x") : ""));
        }

        /// <summary>A stack overflow on a process's thread kills the process; returns on a kernel thread.</summary>
        internal static void KillOnStackOverflow(ulong instructionPointer)
        {
            Process process = Process.Current;
            if (process is null || process.HasEnded) return;
            Process.KillCurrent("stack overflow (" + (Threading.Thread.Current.Stack.Size / 1024).ToString() + " KiB stack) at " + Describe(process, instructionPointer));
        }

        /// <summary>An address in a process as "Namespace.Type.Method+0x1c (hello+0x2f3c)" when its symbol table knows it.</summary>
        internal static string Describe(Process process, ulong address)
        {
            string where = process.Name + "+0x" + (address - process.Base).ToString("x");
            if (!process.ContainsCode(address)) return "0x" + address.ToString("x");
            byte* b = (byte*)process.Base;
            ProcessHeader header = process.Image.Header;
            if (Internal.Runtime.ImageSymbols.TryLookupIn(b + header.SymbolsStart, b + header.SymbolsEnd, b, b + header.ImageEnd,
                    (void*)address, out string name, out ulong offset))
                return name + "+0x" + offset.ToString("x") + " (" + where + ")";
            return where;
        }
    }
}
