// What the kernel does with a CPU exception. In managed code, the faults C# defines become exceptions the code can
// catch: a null dereference (a fault in the unmapped lowest pages) is a NullReferenceException, a divide error a
// DivideByZeroException or, for int.MinValue / -1, an OverflowException. Anything else, or any fault outside
// managed code, is a panic with the full report. In a process, the same faults go to the process (ProcessFaults).
using System;
using Helios.Kernel.Cpus;
using Helios.Kernel.Memory;
using Helios.Kernel.Processes;
using Helios.Kernel.Threading;
using Internal.Runtime.ExceptionHandling;

namespace Helios.Kernel.Diagnostics
{
    public static unsafe class Traps
    {
        /// <summary>
        /// Raises the exception C# defines for this fault in the interrupted managed code, on its stack, and does not
        /// return; returns when the fault is not one (the caller then reports it as unhandled).
        /// </summary>
        public static void RaiseInManagedCode(TrapKind kind, ulong faultAddress, RegisterContext* interrupted)
        {
            HardwareFault fault = kind switch
            {
                TrapKind.DivideByZero => HardwareFault.DivideByZero,
                TrapKind.IntegerOverflow => HardwareFault.Overflow,
                TrapKind.PageFault when NullGuard.Covers(faultAddress) => HardwareFault.NullReference,
                _ => HardwareFault.None,
            };
            if (fault == HardwareFault.None) return;
            if (ManagedCode.Contains(interrupted->Ip))
                HardwareFaults.Raise(fault, interrupted);
            ProcessFaults.RaiseInProcess(fault, interrupted);
        }

        public static void Unhandled(in TrapReport report)
        {
            if (report.HasFaultAddress && (report.Kind is TrapKind.PageFault or TrapKind.DoubleFault))
            {
                Thread thread = Cpu.Count > 0 ? Thread.Current : null;
                if (thread is not null && thread.Stack.IsGuard(report.FaultAddress))
                {
                    ProcessFaults.KillOnStackOverflow(report.InstructionPointer);
                    Panic.StackOverflow(thread, report.FaultAddress, report.InstructionPointer);
                }
                if (KernelStacks.InRegion(report.FaultAddress))
                    Panic.CpuException(report, "the address is in a guard page below a thread stack");
            }
            ProcessFaults.KillIfTheirs(report);
            Panic.CpuException(report);
        }

        /// <summary>The trap entry found the stack exhausted and moved to the CPU's emergency stack.</summary>
        public static void StackExhausted(ulong stackPointer, ulong instructionPointer)
        {
            ProcessFaults.KillOnStackOverflow(instructionPointer);
            Panic.StackOverflow(Thread.Current, stackPointer, instructionPointer);
        }
    }
}
