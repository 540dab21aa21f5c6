// What the kernel does with a CPU exception. Until threads and processes exist every one is fatal; a divide error in
// managed code is reported as the DivideByZeroException C# promises.
using System;

namespace Helios.Kernel.Diagnostics
{
    public static class Traps
    {
        public static void Unhandled(in TrapReport report)
        {
            if (report.Kind == TrapKind.DivideByZero)
                Panic.UnhandledException(new DivideByZeroException(), report.InstructionPointer);
            Panic.CpuException(report);
        }
    }
}
