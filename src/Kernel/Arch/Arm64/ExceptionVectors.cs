// Where Vectors.S sends every exception: decode ESR_EL1 into a portable TrapReport.
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Interrupts;
using Internal.Runtime.ExceptionHandling;

namespace Helios.Kernel.Arch.Arm64
{
    internal static unsafe class ExceptionVectors
    {
        // Exception classes, ESR_EL1.EC (Arm ARM D17.2.37).
        private const uint EcUnknown = 0x00;
        private const uint EcIllegalState = 0x0E;
        private const uint EcSvc = 0x15;
        private const uint EcInstructionAbortLower = 0x20;
        private const uint EcInstructionAbort = 0x21;
        private const uint EcPcAlignment = 0x22;
        private const uint EcDataAbortLower = 0x24;
        private const uint EcDataAbort = 0x25;
        private const uint EcSpAlignment = 0x26;
        private const uint EcFloatingPoint = 0x2C;
        private const uint EcSError = 0x2F;
        private const uint EcBreakpoint = 0x3C;

        private const ulong StackOverflowFlag = 0x100;   // Vectors.S: the entry found the stack exhausted

        internal static void Install() => Instructions.SetTrapHandler(&Trap);

        [UnmanagedCallersOnly]
        private static void Trap(Arm64TrapFrame* frame, ulong vectorIndex)
        {
            if ((vectorIndex & StackOverflowFlag) != 0)
                Traps.StackExhausted(Helios.Kernel.Cpus.CpuBlock.Current()->Scratch1, frame->Elr);

            // Entries come in fours: synchronous, IRQ, FIQ, SError.
            ulong type = vectorIndex & 3;
            if (type == 1)
            {
                Interrupt(frame->Elr);
                return;
            }
            Fault(frame, type);
        }

        // An exception: kept out of Trap so that an interrupt, the common case, does not zero this path's locals (a
        // register context and a report) on every entry.
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Fault(Arm64TrapFrame* frame, ulong type)
        {
            uint ec = (uint)(frame->Esr >> 26) & 0x3F;
            bool synchronous = type == 0;
            bool hasAddress = synchronous && ec is EcDataAbort or EcDataAbortLower or EcInstructionAbort or EcInstructionAbortLower or EcPcAlignment;
            TrapKind kind = synchronous ? KindOf(ec, frame->Esr) : TrapKind.UnexpectedInterrupt;

            RegisterContext interrupted = default;
            Arm64TrapFrame.CopyTo(frame, ref interrupted);
            Traps.RaiseInManagedCode(kind, hasAddress ? frame->Far : 0, &interrupted);

            var report = new TrapReport(
                kind,
                synchronous ? NameOf(ec) : type == 1 ? "IRQ" : type == 2 ? "FIQ" : "SError",
                frame->Elr,
                hasAddress ? frame->Far : 0,
                hasAddress,
                frame->Esr,
                Registers(frame));
            Traps.Unhandled(report);
        }

        // Data and instruction aborts: the fault status code (ESR ISS[5:0]) tells an alignment fault from the rest.
        private const uint FaultStatusMask = 0x3F;
        private const uint AlignmentFault = 0x21;

        // Every pending interrupt: acknowledge, run its handler, end it; then maybe switch threads.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]     // a doorbell between kernels comes this way on every message
        private static void Interrupt(ulong interruptedIp)
        {
            while (true)
            {
                uint acknowledged = Gic.AcknowledgeInterrupt();
                int id = (int)(acknowledged & 0x3FF);
                if (id >= 1020) break;
                InterruptDispatcher.Dispatch(id);
                Gic.EndOfInterrupt(acknowledged);
            }
            InterruptDispatcher.Finish(interruptedIp);
        }

        private static TrapKind KindOf(uint ec, ulong esr) => ec switch
        {
            EcUnknown => TrapKind.UndefinedInstruction,
            EcDataAbort or EcDataAbortLower when (esr & FaultStatusMask) == AlignmentFault => TrapKind.Alignment,
            EcDataAbort or EcDataAbortLower or EcInstructionAbort or EcInstructionAbortLower => TrapKind.PageFault,
            EcPcAlignment or EcSpAlignment => TrapKind.Alignment,
            EcFloatingPoint => TrapKind.FloatingPoint,
            EcBreakpoint => TrapKind.Breakpoint,
            _ => TrapKind.Other,
        };

        private static string NameOf(uint ec) => ec switch
        {
            EcUnknown => "undefined instruction",
            EcIllegalState => "illegal execution state",
            EcSvc => "SVC",
            EcInstructionAbortLower or EcInstructionAbort => "instruction abort",
            EcPcAlignment => "PC alignment fault",
            EcDataAbortLower or EcDataAbort => "data abort",
            EcSpAlignment => "SP alignment fault",
            EcFloatingPoint => "floating-point exception",
            EcSError => "SError",
            EcBreakpoint => "BRK breakpoint",
            _ => "exception class 0x" + ec.ToString("x2"),
        };

        private static string Registers(Arm64TrapFrame* f)
        {
            var text = new StringBuilder();
            for (int i = 0; i < 30; i += 4)
            {
                text.Append("  ");
                for (int j = i; j < i + 4 && j < 30; j++)
                    text.Append($"x{j,-2} {f->X[j]:x16}  ");
                text.Append('\n');
            }
            text.Append($"  lr  {f->Lr:x16}  sp  {f->Sp:x16}  elr {f->Elr:x16}  spsr {f->Spsr:x8}\n");
            text.Append($"  esr {f->Esr:x16}  far {f->Far:x16}\n");
            return text.ToString();
        }
    }
}
