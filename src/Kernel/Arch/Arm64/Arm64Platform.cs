// arm64 on QEMU's virt machine: device-tree boot, PL011 console, semihosting for the exit status.
using System;
using Helios.Kernel.Boot;
using Helios.Kernel.Boot.DeviceTree;

namespace Helios.Kernel.Arch.Arm64
{
    internal sealed unsafe class Arm64Platform : Platform
    {
        // QEMU puts the device tree at the start of RAM; x0 holds it only for Linux-style images.
        private const ulong DefaultDeviceTree = 0x40000000;
        private const ulong SemihostingExit = 0x18;
        private const ulong ApplicationExit = 0x20026;   // ADP_Stopped_ApplicationExit

        private readonly ulong _deviceTree;

        internal Arm64Platform(nuint deviceTree) { _deviceTree = deviceTree != 0 ? deviceTree : DefaultDeviceTree; }

        public override string IsaName => "arm64";

        // The vectors and FP/SIMD are already on (Boot.S); the console needs no set-up.
        public override void InitializeEarly() => ExceptionVectors.Install();

        public override void WriteConsole(ReadOnlySpan<char> text) => Pl011.Write(text);

        public override BootInfo ReadBootInfo(IPhysicalMemory memory) => DeviceTreeBootInfo.Read(memory, _deviceTree);

        public override void ProtectNullPages(int pageCount) => Cpu.UnmapLowPages(pageCount);

        public override ulong BootInformationAddress => _deviceTree;

        public override void Exit(int code)
        {
            // SYS_EXIT with a (reason, subcode) block: QEMU exits with the subcode as its status. The status is
            // encoded as on x86_64's isa-debug-exit, so a status of 0 always means the kernel did not report.
            ulong* block = stackalloc ulong[2];
            block[0] = ApplicationExit;
            block[1] = ((ulong)(uint)code << 1) | 1;
            Cpu.Semihost(SemihostingExit, block);
            Cpu.HaltForever();
        }

        public override void HaltForever() => Cpu.HaltForever();

        public override bool PagingEnabled => (Cpu.ReadSystemControl() & 1) != 0;

        public override ulong ReadCycleCounter() => Cpu.ReadVirtualCounter();

        public override void DieWithoutStatus() => Cpu.SystemOff();

        public override void ExecuteUndefinedInstruction() => Cpu.UndefinedInstruction();
    }
}
