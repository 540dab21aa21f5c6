// A CPU exception, described the same way on every ISA.
namespace Helios.Kernel.Diagnostics
{
    public enum TrapKind
    {
        DivideByZero,
        IntegerOverflow,    // a division whose quotient does not fit (x86_64 reports it as a divide error)
        UndefinedInstruction,
        PageFault,
        ProtectionFault,
        Alignment,
        FloatingPoint,
        Breakpoint,
        DoubleFault,
        UnexpectedInterrupt,
        Other,
    }

    public readonly struct TrapReport
    {
        public TrapReport(TrapKind kind, string name, ulong instructionPointer, ulong faultAddress, bool hasFaultAddress, ulong code, string registers)
        {
            Kind = kind;
            Name = name;
            InstructionPointer = instructionPointer;
            FaultAddress = faultAddress;
            HasFaultAddress = hasFaultAddress;
            Code = code;
            Registers = registers;
        }

        public TrapKind Kind { get; }

        /// <summary>The ISA's name for it, e.g. "#PF page fault" or "data abort".</summary>
        public string Name { get; }

        public ulong InstructionPointer { get; }

        public ulong FaultAddress { get; }

        public bool HasFaultAddress { get; }

        /// <summary>The error code (x86_64) or syndrome register ESR_EL1 (arm64).</summary>
        public ulong Code { get; }

        public string Registers { get; }
    }
}
