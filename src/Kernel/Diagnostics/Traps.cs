// What the kernel does with a CPU exception. In managed code, the faults C# defines become exceptions the code can
// catch: a null dereference (a fault in the unmapped lowest pages) is a NullReferenceException, a divide error a
// DivideByZeroException or, for int.MinValue / -1, an OverflowException. Anything else, or any fault outside
// managed code, is a panic with the full report.
using System;
using Helios.Kernel.Memory;
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
            Exception exception = kind switch
            {
                TrapKind.DivideByZero => new DivideByZeroException(),
                TrapKind.IntegerOverflow => new OverflowException(),
                TrapKind.PageFault when NullGuard.Covers(faultAddress) => new NullReferenceException(),
                _ => null,
            };
            if (exception is not null && ManagedCode.Contains(interrupted->Ip))
                ExceptionDispatcher.RaiseHardwareException(exception, interrupted);
        }

        public static void Unhandled(in TrapReport report) => Panic.CpuException(report);
    }
}
