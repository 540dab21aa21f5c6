// x86_64 on QEMU's q35 machine: PVH boot, COM1 console, isa-debug-exit for the exit status.
using System;
using Helios.Kernel.Boot;
using Helios.Kernel.Boot.Pvh;

namespace Helios.Kernel.Arch.X64
{
    internal sealed class X64Platform : Platform
    {
        // QEMU's isa-debug-exit device (-device isa-debug-exit,iobase=0xf4,iosize=4).
        private const ushort DebugExitPort = 0xF4;

        private readonly ulong _startInfo;

        internal X64Platform(nuint startInfo) { _startInfo = startInfo; }

        public override string IsaName => "x86_64";

        public override void InitializeEarly()
        {
            Serial16550.Initialize();
            Idt.Install();
        }

        public override void WriteConsole(ReadOnlySpan<char> text) => Serial16550.Write(text);

        public override BootInfo ReadBootInfo(IPhysicalMemory memory) => PvhBootInfo.Read(memory, _startInfo);

        public override void ProtectNullPages(int pageCount) => Cpu.UnmapLowPages(pageCount);

        public override ulong BootInformationAddress => _startInfo;

        public override void Exit(int code)
        {
            Cpu.OutUInt32(DebugExitPort, (uint)code);
            // No debug-exit device: nothing else can end the machine.
            Cpu.HaltForever();
        }

        public override void HaltForever() => Cpu.HaltForever();

        public override bool PagingEnabled => (Cpu.ReadCr0() & (1UL << 31)) != 0;

        public override ulong ReadCycleCounter() => Cpu.ReadTimestampCounter();

        public override void DieWithoutStatus() => Cpu.TripleFault();

        public override void ExecuteUndefinedInstruction() => Cpu.UndefinedInstruction();
    }
}
