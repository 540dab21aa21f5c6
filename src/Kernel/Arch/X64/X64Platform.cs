// x86_64 on QEMU's q35 machine: PVH boot, COM1 console, isa-debug-exit for the exit status. A satellite kernel
// (docs/multikernel.md) uses only its CPUs' own local APICs: the PIC, the I/O APICs, the HPET, the serial port's set-up
// and the exit device are the coordinator's.
using System;
using System.Collections.Generic;
using Helios.Kernel.Boot;
using Helios.Kernel.Memory;
using Helios.Kernel.Boot.Acpi;
using Helios.Kernel.Boot.Pvh;
using Helios.Kernel.Cpus;
using Helios.Kernel.Interrupts;
using Helios.Kernel.Threading;
using Helios.Kernel.Time;

namespace Helios.Kernel.Arch.X64
{
    internal sealed unsafe class X64Platform : Platform
    {
        // QEMU's isa-debug-exit device (-device isa-debug-exit,iobase=0xf4,iosize=4).
        private const ushort DebugExitPort = 0xF4;

        private readonly ulong _startInfo;
        private readonly bool _satellite;

        private AcpiTables _acpi;
        private ulong _counterFrequency;
        private ulong _apicTimerFrequency;
        private ulong _localApicBase;

        internal X64Platform(nuint startInfo, bool satellite)
        {
            _startInfo = startInfo;
            _satellite = satellite;
        }

        public override string IsaName => "x86_64";

        public override bool IsSatellite => _satellite;

        public override void InitializeEarly()
        {
            if (!_satellite) Serial16550.Initialize();
            Idt.Install();
        }

        public override void DescribeHardware(Satellite.Boot.BootBlock block)
        {
            block.CounterHz = _counterFrequency;
            block.TimerHz = _apicTimerFrequency;
            block.InterruptController = _localApicBase;
        }

        public override void AdoptHardware(Satellite.Boot.BootBlock block)
        {
            _counterFrequency = block.CounterHz;
            _apicTimerFrequency = block.TimerHz;
            _localApicBase = block.InterruptController;
        }


        public override void WriteConsole(ReadOnlySpan<char> text) => Serial16550.Write(text);

        public override int ReadConsole() => Serial16550.Read();

        public override BootInfo ReadBootInfo(IPhysicalMemory memory)
        {
            BootInfo boot = PvhBootInfo.Read(memory, _startInfo, out _acpi);
            boot.PciHosts.AddRange(Mcfg.Parse(_acpi.Find("MCFG")));    // q35's ECAM (pc has none: no PCI devices found)
            return boot;
        }

        public override void InitializeInterrupts(BootInfo boot)
        {
            if (_satellite)
            {
                LocalApic.Initialize(_localApicBase);
                RegisterLocalVectors();
                return;
            }
            Pic.Disable();
            Madt madt = Madt.Parse(_acpi.Find("APIC"));
            _localApicBase = madt.LocalApicAddress;
            LocalApic.Initialize(_localApicBase);
            foreach (IoApicEntry entry in madt.IoApics) IoApics.Add(new IoApic(entry.Address, entry.GsiBase));
            RegisterLocalVectors();
            Calibrate(HpetTable.BaseAddress(_acpi.Find("HPET")));
        }

        private static void RegisterLocalVectors()
        {
            InterruptDispatcher.Register(LocalApic.TimerVector, &OnTick);
            InterruptDispatcher.Register(LocalApic.WakeupVector, &OnWakeup);
            InterruptDispatcher.Register(LocalApic.ErrorVector, &OnApicError);
        }

        /// <summary>The I/O APICs, every line masked until a driver routes it.</summary>
        internal List<IoApic> IoApics { get; } = new List<IoApic>();

        public override void InitializeThisCpu(Cpu cpu)
        {
            Descriptors.LoadOnThisCpu(cpu.EmergencyStack.Top);
            if (cpu.Index == 0) Idt.UseDoubleFaultStack();
            else Idt.LoadOnThisCpu();
            LocalApic.EnableOnThisCpu();
        }

        public override bool StartCpu(Cpu cpu, ulong stackTop) => ApStartup.Start(cpu, stackTop);

        // INIT puts the processor in wait-for-STARTUP, whatever it was doing, interrupts masked or not: stopped for good.
        public override bool StopForeignCpu(ulong hardwareId)
        {
            LocalApic.SendInit((uint)hardwareId);
            return true;
        }

        // As Boot.S builds for the coordinator (PML4 → PDPT → page directories of 2 MiB pages, 0..4 GiB identity), plus
        // every GiB above that holds part of what the satellite reaches before its own tables: its memory may lie
        // above 4 GiB (q35 keeps at most 2 GiB of RAM below). One PDPT: 512 GiB of physical address space.
        public override ulong SatelliteBootTablesBytes(List<Satellite.Topology.PhysicalRange> reach)
            => (2 + 4 + (ulong)GiBsAbove4(reach).Count) * 4096;

        public override ulong BuildSatelliteBootTables(ulong at, List<Satellite.Topology.PhysicalRange> reach)
        {
            const ulong PresentWritable = 0x3, Huge = 0x80, GiB = 1UL << 30;
            List<ulong> high = GiBsAbove4(reach);
            ulong pml4 = at, pdpt = at + 4096, directories = at + 2 * 4096;
            new Span<byte>((void*)at, (int)SatelliteBootTablesBytes(reach)).Clear();
            ((ulong*)pml4)[0] = pdpt | PresentWritable;
            for (ulong i = 0; i < 4; i++) Directory(i, i);
            for (int i = 0; i < high.Count; i++) Directory(4 + (ulong)i, high[i]);
            return pml4;

            // Page directory number n maps GiB number gib, in 2 MiB pages.
            void Directory(ulong n, ulong gib)
            {
                ulong directory = directories + n * 4096;
                ((ulong*)pdpt)[gib] = directory | PresentWritable;
                for (ulong page = 0; page < 512; page++) ((ulong*)directory)[page] = (gib * GiB + (page << 21)) | PresentWritable | Huge;
            }
        }

        /// <summary>The GiBs from 4 up that hold part of reach, each once, in order; beyond the first 512 GiB: refused.</summary>
        private static List<ulong> GiBsAbove4(List<Satellite.Topology.PhysicalRange> reach)
        {
            var gibs = new List<ulong>();
            foreach (Satellite.Topology.PhysicalRange range in reach)
            {
                if (range.Length == 0) continue;
                if (range.End > 512UL << 30)
                    throw new InvalidOperationException("a satellite's memory above 512 GiB cannot be mapped by its boot tables");
                for (ulong gib = range.Start >> 30; gib <= (range.End - 1) >> 30; gib++)
                    if (gib >= 4 && !gibs.Contains(gib)) gibs.Add(gib);
            }
            gibs.Sort();
            return gibs;
        }

        // Caches are coherent and the CPU starts with them on: what was written needs nothing more.
        public override bool StartSatellite(ulong hardwareId, ulong entry, ulong argument, ulong stackTop, ulong bootTables)
            => ApStartup.Start((uint)hardwareId, bootTables, stackTop, argument, entry);

        // Caches are coherent with a CPU being started.
        public override void PublishToStartingCpu(ulong start, ulong length) { }

        public override ulong CounterFrequency => _counterFrequency;

        public override void StartTick(uint hz) => LocalApic.StartPeriodic((uint)(_apicTimerFrequency / hz));

        public override int TickInterrupt => LocalApic.TimerVector;

        // The APIC timer counts at its own rate: convert, program, and read the TSC right after so that the deadline
        // is where the count started.
        public override ulong ArmOneShot(ulong delay)
        {
            uint count = (uint)(delay * _apicTimerFrequency / _counterFrequency);
            LocalApic.StartOneShot(count);
            ulong start = Instructions.ReadTimestampCounter();
            return start + (ulong)count * _counterFrequency / _apicTimerFrequency;
        }

        // Under -icount the TSC advances one tick per instruction: ticks are what Linux's figures are in too.
        public override string BenchmarkUnit => "ticks";

        public override ulong CounterToBenchmarkUnits(ulong counts) => counts;

        public override void SendWakeup(Cpu cpu) => LocalApic.SendIpi((uint)cpu.HardwareId, LocalApic.WakeupVector);

        public override int DoorbellInterrupt => LocalApic.DoorbellVector;

        // Every kernel's CPUs share one APIC id space: an IPI by id reaches a CPU of another kernel as well.
        public override ulong DoorbellTarget => Cpu.Current.HardwareId;

        public override void RingDoorbell(ulong target) => LocalApic.SendIpi((uint)target, LocalApic.DoorbellVector);

        public override ulong CurrentCpuHardwareId => Instructions.InitialApicId();

        // Message interrupts (MSI-X) take vectors 0x40-0xEF: above the PICs' strays and the tick, below the IPIs. The
        // message goes straight to the running CPU's local APIC (Intel SDM vol. 3, 11.11): address 0xFEE00000 with the
        // APIC id in bits 19:12, physical destination; data the vector, fixed delivery, edge.
        private const int FirstMessageVector = 0x40, LastMessageVector = 0xEF;
        private static readonly int[] s_messageVectorsInUse = new int[LastMessageVector - FirstMessageVector + 1];

        public override int AllocateMessageInterrupt(out ulong address, out uint data, out string problem)
        {
            address = 0;
            data = 0;
            problem = null;
            if (_satellite)
            {
                problem = "a satellite kernel owns no interrupt routing for devices";
                return -1;
            }
            for (int i = 0; i < s_messageVectorsInUse.Length; i++)
            {
                if (System.Threading.Interlocked.CompareExchange(ref s_messageVectorsInUse[i], 1, 0) != 0) continue;
                int vector = FirstMessageVector + i;
                address = 0xFEE0_0000UL | ((Cpu.Current.HardwareId & 0xFF) << 12);
                data = (uint)vector;
                return vector;
            }
            problem = "every message interrupt vector (0x40 to 0xef) is in use";
            return -1;
        }

        public override void ReleaseMessageInterrupt(int interrupt)
        {
            if (interrupt >= FirstMessageVector && interrupt <= LastMessageVector)
                System.Threading.Volatile.Write(ref s_messageVectorsInUse[interrupt - FirstMessageVector], 0);
        }

        // The TSC and the local APIC timer against the HPET, over 10 ms of HPET time.
        private void Calibrate(ulong hpet)
        {
            ulong period = hpet == 0 ? 0 : Hpet.Start(hpet);
            if (period == 0) throw new BootInfoException("no HPET to calibrate the timers against (ACPI HPET table)");
            const ulong Femtoseconds = 1_000_000_000_000_000;
            ulong hpetTicks = Femtoseconds / 100 / period;
            LocalApic.StartFreeRunning(uint.MaxValue);
            ulong hpetStart = Hpet.Counter(hpet);
            ulong tscStart = Instructions.ReadTimestampCounter();
            uint apicStart = LocalApic.TimerCount;
            ulong hpetNow;
            do hpetNow = Hpet.Counter(hpet); while (hpetNow - hpetStart < hpetTicks);
            ulong tscEnd = Instructions.ReadTimestampCounter();
            uint apicEnd = LocalApic.TimerCount;
            LocalApic.StopTimer();
            ulong elapsedFemtoseconds = (hpetNow - hpetStart) * period;
            _counterFrequency = Scale(tscEnd - tscStart, elapsedFemtoseconds);
            _apicTimerFrequency = Scale(apicStart - apicEnd, elapsedFemtoseconds);
        }

        // counts over elapsed femtoseconds, as counts per second.
        private static ulong Scale(ulong counts, ulong elapsedFemtoseconds) => counts * 1_000_000 / (elapsedFemtoseconds / 1_000_000_000);

        private static void OnTick(int vector)
        {
            if (TimerProbe.Armed) TimerProbe.Hit(Instructions.ReadTimestampCounter());
            else Scheduler.Tick();
        }

        private static void OnWakeup(int vector) => CrossCall.Handle();

        private static void OnApicError(int vector) => s_apicErrors++;

        private static ulong s_apicErrors;

        public override ulong BootInformationAddress => _startInfo;

        // Boot.S: the first 4 GiB in 2 MiB pages.
        public override ulong BootMappedStart => 0;

        public override ulong BootMappedEnd => 4UL << 30;

        public override PageFormat PageFormat { get; } = new X64PageFormat();

        // Below 4 GiB everything that is not RAM is firmware or device registers (PCI holes, APICs, HPET).
        public override List<(ulong Start, ulong End)> DeviceWindows => new List<(ulong, ulong)> { (0, 4UL << 30) };

        // The first MiB: real-mode memory, BIOS data, and where application processors start (SMP trampoline).
        public override List<(ulong Start, ulong End)> ReservedMemory => new List<(ulong, ulong)> { (0, 1UL << 20) };

        // helios_switch_context pops r15, r14, r13, r12, rbx (the thread), rbp and returns to the trampoline, which
        // must find rsp 16-byte aligned (it calls).
        public override ulong PrepareThreadStack(ulong top, nint thread)
        {
            ulong* frame = (ulong*)((top & ~15UL) - 9 * 8);
            for (int i = 0; i < 9; i++) frame[i] = 0;
            frame[4] = (ulong)thread;                       // rbx
            frame[6] = Instructions.ThreadTrampoline();              // return address
            return (ulong)frame;
        }

        public override void ActivatePageTables(ulong root) => Instructions.WriteCr3(root);

        public override void FlushTlb(ulong address, ulong size)
        {
            if (size > 64 * PageTable.PageSize)
            {
                Instructions.WriteCr3(Instructions.ReadCr3());
                return;
            }
            for (ulong page = address & ~(PageTable.PageSize - 1); page < address + size; page += PageTable.PageSize)
                Instructions.InvalidatePage(page);
        }

        public override void Exit(int code)
        {
            if (_satellite) Instructions.HaltForever();     // its status is in the machine page (KernelExit)
            Instructions.OutUInt32(DebugExitPort, (uint)code);
            // No debug-exit device: nothing else can end the machine.
            Instructions.HaltForever();
        }

        public override void HaltForever() => Instructions.HaltForever();

        public override bool PagingEnabled => (Instructions.ReadCr0() & (1UL << 31)) != 0;

        public override ulong ReadCycleCounter() => Instructions.ReadTimestampCounter();

        // A satellite's triple fault would reset the whole machine: it stops its own CPU instead.
        public override void DieWithoutStatus()
        {
            if (_satellite) Instructions.HaltForever();
            Instructions.TripleFault();
        }

        public override void ExecuteUndefinedInstruction() => Instructions.UndefinedInstruction();
    }
}
