// The interrupt descriptor table: every vector goes to its stub in Traps.S, and from there to Trap below.
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Interrupts;
using Internal.Runtime.ExceptionHandling;

namespace Helios.Kernel.Arch.X64
{
    internal static unsafe class Idt
    {
        private const int Vectors = 256;
        private const ushort KernelCodeSelector = 0x08;
        private const byte InterruptGate = 0x8E;     // present, ring 0, 64-bit interrupt gate

        private struct Gate
        {
            public ushort OffsetLow;
            public ushort Selector;
            public byte Ist;
            public byte TypeAttributes;
            public ushort OffsetMiddle;
            public uint OffsetHigh;
            public uint Reserved;
        }

        // Heap objects never move, so the table's address stays valid for the CPU.
        private static readonly Gate[] s_gates = new Gate[Vectors];

        internal static void Install()
        {
            ulong* stubs = Instructions.TrapStubTable();
            fixed (Gate* gates = s_gates)
            {
                for (int vector = 0; vector < Vectors; vector++)
                {
                    ulong handler = stubs[vector];
                    gates[vector] = new Gate
                    {
                        OffsetLow = (ushort)handler,
                        Selector = KernelCodeSelector,
                        Ist = 0,
                        TypeAttributes = InterruptGate,
                        OffsetMiddle = (ushort)(handler >> 16),
                        OffsetHigh = (uint)(handler >> 32),
                        Reserved = 0,
                    };
                }
                // lidt reads a packed 10-byte descriptor: build it byte-exact.
                fixed (byte* descriptor = s_descriptor)
                {
                    *(ushort*)descriptor = Vectors * 16 - 1;
                    *(ulong*)(descriptor + 2) = (ulong)gates;
                }
            }
            LoadOnThisCpu();
            Instructions.SetTrapHandler(&Trap);
        }

        /// <summary>Double faults switch to IST1 (each CPU's emergency stack) once the boot CPU has a TSS.</summary>
        internal static void UseDoubleFaultStack() => s_gates[8].Ist = Descriptors.DoubleFaultStack;

        private static readonly byte[] s_descriptor = new byte[16];

        /// <summary>Every CPU uses the one IDT.</summary>
        internal static void LoadOnThisCpu()
        {
            fixed (byte* descriptor = s_descriptor) Instructions.LoadIdt(descriptor);
        }

        [UnmanagedCallersOnly]
        private static void Trap(X64TrapFrame* frame)
        {
            ulong vector = frame->Vector;
            if (vector >= FirstInterruptVector)
            {
                Interrupt((int)vector, frame->Rip);
                return;
            }
            Fault(frame, vector);
        }

        // An exception: kept out of Trap so that an interrupt, the common case, does not zero this path's locals (a
        // register context and a report, about 480 bytes of frame) on every entry.
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Fault(X64TrapFrame* frame, ulong vector)
        {
            bool pageFault = vector == 14;
            bool faultAddress = pageFault || vector == 8;   // a double fault's CR2 is the page fault that caused it
            TrapKind kind = KindOf(vector);
            if (kind == TrapKind.DivideByZero && DivideError.IsOverflow(*frame)) kind = TrapKind.IntegerOverflow;

            RegisterContext interrupted = default;
            frame->CopyTo(ref interrupted);
            Traps.RaiseInManagedCode(kind, pageFault ? frame->FaultAddress : 0, &interrupted);

            var report = new TrapReport(
                kind,
                NameOf(vector),
                frame->Rip,
                faultAddress ? frame->FaultAddress : 0,
                faultAddress,
                frame->ErrorCode,
                Registers(frame));
            Traps.Unhandled(report);
        }

        private const ulong FirstInterruptVector = 32;

        // Device, timer and IPI interrupts: from the local APIC, except spurious ones and the masked PICs' strays.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]     // a doorbell between kernels comes this way on every message
        private static void Interrupt(int vector, ulong interruptedIp)
        {
            if (vector == LocalApic.SpuriousVector || (vector >= Pic.FirstVector && vector < Pic.FirstVector + 16)) return;
            InterruptDispatcher.Dispatch(vector);
            LocalApic.EndOfInterrupt();
            InterruptDispatcher.Finish(interruptedIp);
        }

        private static TrapKind KindOf(ulong vector) => vector switch
        {
            0 => TrapKind.DivideByZero,
            3 => TrapKind.Breakpoint,
            6 => TrapKind.UndefinedInstruction,
            8 => TrapKind.DoubleFault,
            13 => TrapKind.ProtectionFault,
            14 => TrapKind.PageFault,
            17 => TrapKind.Alignment,
            16 or 19 => TrapKind.FloatingPoint,
            < 32 => TrapKind.Other,
            _ => TrapKind.UnexpectedInterrupt,
        };

        private static string NameOf(ulong vector) => vector switch
        {
            0 => "#DE divide error",
            1 => "#DB debug",
            2 => "NMI",
            3 => "#BP breakpoint",
            4 => "#OF overflow",
            5 => "#BR bound range exceeded",
            6 => "#UD invalid opcode",
            7 => "#NM device not available",
            8 => "#DF double fault",
            10 => "#TS invalid TSS",
            11 => "#NP segment not present",
            12 => "#SS stack-segment fault",
            13 => "#GP general protection fault",
            14 => "#PF page fault",
            16 => "#MF x87 floating-point error",
            17 => "#AC alignment check",
            18 => "#MC machine check",
            19 => "#XM SIMD floating-point error",
            20 => "#VE virtualization exception",
            21 => "#CP control protection",
            < 32 => "reserved exception " + vector.ToString(),
            _ => "interrupt " + vector.ToString(),
        };

        private static string Registers(X64TrapFrame* f)
        {
            var text = new StringBuilder();
            Row(text, "rax", f->Rax, "rbx", f->Rbx, "rcx", f->Rcx, "rdx", f->Rdx);
            Row(text, "rsi", f->Rsi, "rdi", f->Rdi, "rbp", f->Rbp, "rsp", f->Rsp);
            Row(text, "r8 ", f->R8, "r9 ", f->R9, "r10", f->R10, "r11", f->R11);
            Row(text, "r12", f->R12, "r13", f->R13, "r14", f->R14, "r15", f->R15);
            Row(text, "rip", f->Rip, "rfl", f->Rflags, "cs ", f->Cs, "ss ", f->Ss);
            return text.ToString();
        }

        private static void Row(StringBuilder text, string n1, ulong v1, string n2, ulong v2, string n3, ulong v3, string n4, ulong v4)
            => text.Append($"  {n1} {v1:x16}  {n2} {v2:x16}  {n3} {v3:x16}  {n4} {v4:x16}\n");
    }
}
