// arm64 on QEMU's virt machine: device-tree boot, PL011 console, semihosting for the exit status.
using System;
using System.Collections.Generic;
using Helios.Kernel.Boot;
using Helios.Kernel.Cpus;
using Helios.Kernel.Memory;
using Helios.Kernel.Boot.DeviceTree;
using Helios.Kernel.Interrupts;
using Helios.Kernel.Threading;
using Helios.Kernel.Time;

namespace Helios.Kernel.Arch.Arm64
{
    internal sealed unsafe class Arm64Platform : Platform
    {
        // QEMU puts the device tree at the start of RAM; x0 holds it only for Linux-style images.
        private const ulong DefaultDeviceTree = 0x40000000;
        private const ulong SemihostingExit = 0x18;
        private const ulong ApplicationExit = 0x20026;   // ADP_Stopped_ApplicationExit

        private readonly ulong _deviceTree;
        private readonly bool _satellite;

        private FlattenedDeviceTree _tree;
        private int _timerInterrupt = GenericTimer.DefaultInterrupt;
        private ulong _gicDistributor, _gicCpuInterface;    // the device tree's, or a satellite's boot block's
        private readonly uint[] _gicTargets = new uint[8];
        private static ulong s_tickPeriod;

        internal Arm64Platform(nuint bootArgument, bool satellite)
        {
            _satellite = satellite;
            _deviceTree = satellite || bootArgument != 0 ? bootArgument : DefaultDeviceTree;
        }

        public override string IsaName => "arm64";

        public override bool IsSatellite => _satellite;

        // The generic timer's frequency is CNTFRQ_EL0 on every CPU; the GIC and PSCI are what a satellite cannot find
        // without the device tree.
        public override void DescribeHardware(Satellite.Boot.BootBlock block)
        {
            block.CounterHz = GenericTimer.Frequency;
            block.TimerHz = GenericTimer.Frequency;
            block.InterruptController = _gicDistributor;
            block.InterruptControllerCpu = _gicCpuInterface;
            block.TickInterrupt = (ulong)_timerInterrupt;
            block.FirmwareCall = Psci.UsesSmc ? 2UL : 1UL;
        }

        public override void AdoptHardware(Satellite.Boot.BootBlock block)
        {
            _gicDistributor = block.InterruptController;
            _gicCpuInterface = block.InterruptControllerCpu;
            _timerInterrupt = (int)block.TickInterrupt;
            Psci.Use(block.FirmwareCall == 2);
        }


        // A satellite's entry starts with its MMU off and builds its own tables: nothing to prepare.
        public override ulong SatelliteBootTablesBytes(List<Satellite.Topology.PhysicalRange> reach) => 0;

        public override ulong BuildSatelliteBootTables(ulong at, List<Satellite.Topology.PhysicalRange> reach) => 0;

        // The CPU starts with its MMU and caches off: it reads memory, not this CPU's caches, so everything written for
        // it goes to the point of coherency first (its entry, SatelliteEntry.S, drops stale lines before its MMU is on).
        public override bool StartSatellite(ulong hardwareId, ulong entry, ulong argument, ulong stackTop, ulong bootTables)
            => Psci.StartAt(hardwareId, entry, argument);

        public override void PublishToStartingCpu(ulong start, ulong length) => Instructions.CleanDataCache((void*)start, length);

        // The vectors and FP/SIMD are already on (Boot.S, SatelliteEntry.S); the console needs no set-up. The trap
        // handler is this image's: a satellite's vectors are its own copy's.
        public override void InitializeEarly() => ExceptionVectors.Install();

        public override void WriteConsole(ReadOnlySpan<char> text) => Pl011.Write(text);

        public override int ReadConsole() => Pl011.Read();

        public override BootInfo ReadBootInfo(IPhysicalMemory memory) => DeviceTreeBootInfo.Read(memory, _deviceTree, out _tree);

        // A satellite touches no global distributor state (the coordinator's): it attaches to the registers its boot
        // block named, and each of its CPUs sets up only its own interface and banked interrupts (InitializeThisCpu).
        public override void InitializeInterrupts(BootInfo boot)
        {
            if (_satellite)
            {
                if (_gicDistributor == 0 || _gicCpuInterface == 0) throw new BootInfoException("the boot block names no GIC");
                Gic.Attach(_gicDistributor, _gicCpuInterface);
            }
            else
            {
                (_gicDistributor, _gicCpuInterface) = FindGic();
                Gic.Initialize(_gicDistributor, _gicCpuInterface);
                FindMessageFrame();
                _timerInterrupt = FindVirtualTimerInterrupt();
                Psci.Initialize(_tree);
            }
            InterruptDispatcher.Register(_timerInterrupt, &OnTick);
            InterruptDispatcher.Register(Gic.WakeupSgi, &OnWakeup);
        }

        public override bool StartCpu(Cpu cpu, ulong stackTop) => Psci.Start(cpu, stackTop);

        // PSCI turns off only the calling CPU (CPU_OFF), and the GIC cannot interrupt one that masked interrupts: a
        // dead satellite's CPUs are left as they are (its links are failed and its memory is never reused).
        public override bool StopForeignCpu(ulong hardwareId) => false;

        public override void InitializeThisCpu(Cpu cpu)
        {
            if (cpu.Index >= _gicTargets.Length) throw new BootInfoException("GICv2 serves at most 8 CPUs");
            _gicTargets[cpu.Index] = Gic.InitializeThisCpu();
            Gic.Enable(Gic.WakeupSgi);
            Gic.Enable(Gic.DoorbellSgi);
            Gic.Enable(_timerInterrupt);
        }

        public override ulong CounterFrequency => GenericTimer.Frequency;

        public override void StartTick(uint hz)
        {
            s_tickPeriod = GenericTimer.Frequency / hz;
            GenericTimer.Arm(GenericTimer.Count + s_tickPeriod);
        }

        public override int TickInterrupt => _timerInterrupt;

        public override ulong ArmOneShot(ulong delay)
        {
            ulong deadline = GenericTimer.Count + delay;
            GenericTimer.Arm(deadline);
            return deadline;
        }

        // The generic counter runs at CNTFRQ (62.5 MHz on QEMU 7.2) while -icount makes one instruction one virtual
        // nanosecond: figures are instructions, as Linux's arm64 figures are.
        public override string BenchmarkUnit => "insns";

        public override ulong CounterToBenchmarkUnits(ulong counts) => counts * 1_000_000_000 / GenericTimer.Frequency;

        // Each mask is what that CPU read back as its own (InitializeThisCpu): a kernel only ever names its own CPUs.
        public override void SendWakeup(Cpu cpu) => Gic.SendSoftwareInterrupt(_gicTargets[cpu.Index], Gic.WakeupSgi);

        public override int DoorbellInterrupt => Gic.DoorbellSgi;

        // The mask the running CPU read back as its own: the distributor's SGI register reaches any CPU by it, and
        // writing that register configures nothing (the one distributor access a satellite makes besides its banks).
        public override ulong DoorbellTarget => _gicTargets[Cpu.Current.Index];

        public override void RingDoorbell(ulong target) => Gic.SendSoftwareInterrupt((uint)target, Gic.DoorbellSgi);

        public override ulong CurrentCpuHardwareId => Instructions.ReadAffinity();

        // Message interrupts (MSI-X) go through virt's GICv2m frame (Arm's GICv2m: a device's write of an SPI's id to
        // MSI_SETSPI_NS raises that SPI as an edge). MSI_TYPER says which SPIs the frame raises; each is made edge
        // triggered, aimed at the running CPU and enabled when a driver takes it, disabled when it is given back.
        private const ulong V2mTyper = 0x008, V2mSetSpi = 0x040;
        private ulong _v2mFrame;
        private int _v2mFirstSpi, _v2mSpis;
        private int[] _messageSpisInUse = new int[0];

        // The frame is a child of the GIC's node: "arm,gic-v2m-frame" with its registers. A tree without one (a GICv2
        // without it) leaves drivers without interrupts: they are told so and poll.
        private void FindMessageFrame()
        {
            foreach (DeviceTreeNode gic in _tree.Root.Children)
            {
                if (!gic.HasProperty("interrupt-controller")) continue;
                foreach (DeviceTreeNode frame in gic.Children)
                {
                    if (!(frame.GetString("compatible") ?? "").Contains("gic-v2m-frame")) continue;
                    var reg = frame.GetRegisters();
                    if (reg.Count == 0) continue;
                    uint typer = Mmio.Read32(reg[0].Address + V2mTyper);
                    int first = (int)((typer >> 16) & 0x3FF), count = (int)(typer & 0x3FF);
                    if (first < 32 || count == 0 || first + count > Gic.Lines) continue;
                    _v2mFrame = reg[0].Address;
                    _v2mFirstSpi = first;
                    _v2mSpis = count;
                    _messageSpisInUse = new int[count];
                    return;
                }
            }
        }

        public override int AllocateMessageInterrupt(out ulong address, out uint data, out string problem)
        {
            address = 0;
            data = 0;
            problem = null;
            if (_satellite || _v2mFrame == 0)
            {
                problem = _satellite ? "a satellite kernel owns no interrupt routing for devices" : "the device tree has no GICv2m frame for message interrupts";
                return -1;
            }
            for (int i = 0; i < _v2mSpis; i++)
            {
                if (System.Threading.Interlocked.CompareExchange(ref _messageSpisInUse[i], 1, 0) != 0) continue;
                int id = _v2mFirstSpi + i;
                Gic.ConfigureEdge(id);
                Gic.SetTarget(id, _gicTargets[Cpu.Current.Index]);
                Gic.Enable(id);
                address = _v2mFrame + V2mSetSpi;
                data = (uint)id;
                return id;
            }
            problem = "every SPI of the GICv2m frame is in use";
            return -1;
        }

        public override void ReleaseMessageInterrupt(int interrupt)
        {
            int i = interrupt - _v2mFirstSpi;
            if (_v2mFrame == 0 || i < 0 || i >= _v2mSpis) return;
            Gic.Disable(interrupt);
            System.Threading.Volatile.Write(ref _messageSpisInUse[i], 0);
        }

        // The GICv2 node: "interrupt-controller" with a GIC compatible; reg = distributor, CPU interface.
        private (ulong, ulong) FindGic()
        {
            foreach (DeviceTreeNode node in _tree.Root.Children)
            {
                if (!node.HasProperty("interrupt-controller")) continue;
                string compatible = node.GetString("compatible") ?? "";
                if (compatible.Contains("gic-v3")) throw new BootInfoException("device tree: GICv3 (" + node.Name + ") is not supported; boot virt with its default GICv2");
                if (!compatible.Contains("gic")) continue;
                var reg = node.GetRegisters();
                if (reg.Count < 2) throw new BootInfoException("device tree: " + node.Name + " lacks the GIC's register blocks");
                return (reg[0].Address, reg[1].Address);
            }
            throw new BootInfoException("device tree: no GIC interrupt controller");
        }

        // /timer's interrupts: secure, non-secure, virtual, hypervisor PPIs; the third one, as a GIC id.
        private int FindVirtualTimerInterrupt()
        {
            byte[] interrupts = _tree.Find("/timer")?.GetProperty("interrupts");
            if (interrupts is null || interrupts.Length < 36) return GenericTimer.DefaultInterrupt;
            return 16 + (int)System.Buffers.Binary.BinaryPrimitives.ReadUInt32BigEndian(interrupts.AsSpan(2 * 12 + 4));
        }

        private static void OnTick(int interrupt)
        {
            if (TimerProbe.Armed)
            {
                TimerProbe.Hit(GenericTimer.Count);
                GenericTimer.Stop();
                return;
            }
            GenericTimer.Arm(Instructions.ReadTimerCompare() + s_tickPeriod);
            Scheduler.Tick();
        }

        private static void OnWakeup(int interrupt) => CrossCall.Handle();

        public override ulong BootInformationAddress => _deviceTree;

        // Boot.S: 1 GiB up to 256 GiB as Normal memory (below is Device memory, where the parsers' unaligned reads
        // would fault).
        public override ulong BootMappedStart => 1UL << 30;

        public override ulong BootMappedEnd => 256UL << 30;

        public override PageFormat PageFormat { get; } = new Arm64PageFormat();

        // virt's first GiB: flash, the GIC, UART, RTC, GPIO, virtio-mmio and the 32-bit PCIe window; RAM starts above.
        public override List<(ulong Start, ulong End)> DeviceWindows => new List<(ulong, ulong)> { (0, 1UL << 30) };

        public override List<(ulong Start, ulong End)> ReservedMemory => new List<(ulong, ulong)>();

        // helios_switch_context loads x19-x30 and d8-d15 from 160 bytes and returns to x30: the trampoline, with the
        // thread in x19.
        public override ulong PrepareThreadStack(ulong top, nint thread)
        {
            ulong* frame = (ulong*)((top & ~15UL) - 160);
            for (int i = 0; i < 20; i++) frame[i] = 0;
            frame[0] = (ulong)thread;                       // x19
            frame[11] = Instructions.ThreadTrampoline();             // x30
            return (ulong)frame;
        }

        public override void ActivatePageTables(ulong root) => Instructions.SetTranslationTable(root);

        public override void FlushTlb(ulong address, ulong size)
        {
            if (size > 64 * PageTable.PageSize)
            {
                Instructions.FlushTlb();
                return;
            }
            for (ulong page = address & ~(PageTable.PageSize - 1); page < address + size; page += PageTable.PageSize)
                Instructions.FlushTlbPage(page);
        }

        public override void Exit(int code)
        {
            if (_satellite) StopThisCpu();                  // its status is in the machine page (KernelExit)
            // SYS_EXIT with a (reason, subcode) block: QEMU exits with the subcode as its status. The status is
            // encoded as on x86_64's isa-debug-exit, so a status of 0 always means the kernel did not report.
            ulong* block = stackalloc ulong[2];
            block[0] = ApplicationExit;
            block[1] = ((ulong)(uint)code << 1) | 1;
            Instructions.Semihost(SemihostingExit, block);
            Instructions.HaltForever();
        }

        public override void HaltForever() => StopThisCpu();

        // WFI wakes for a pending interrupt even with interrupts masked: with its tick still armed, a halted CPU would
        // spin through its WFI loop, and under -icount that spinning would take the other CPUs' time (a satellite that
        // has exited must cost the machine nothing). The timer and this CPU's interrupts go off first.
        private void StopThisCpu()
        {
            Processor.DisableInterrupts();
            GenericTimer.Stop();
            if (_gicDistributor != 0)
            {
                Gic.Disable(Gic.WakeupSgi);
                Gic.Disable(Gic.DoorbellSgi);
                Gic.Disable(_timerInterrupt);
            }
            Instructions.HaltForever();
        }

        public override bool PagingEnabled => (Instructions.ReadSystemControl() & 1) != 0;

        public override ulong ReadCycleCounter() => Instructions.ReadVirtualCounter();

        // A satellite's power-off would end the whole machine: it stops its own CPU instead.
        public override void DieWithoutStatus()
        {
            if (_satellite) StopThisCpu();
            Instructions.SystemOff();
        }

        public override void ExecuteUndefinedInstruction() => Instructions.UndefinedInstruction();
    }
}
