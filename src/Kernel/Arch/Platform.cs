// The ISA seam: everything the portable kernel needs from the machine. Arch/X64 and Arch/Arm64 implement it; Create
// is the one place that picks. TargetIsa.IsX64 is a compile-time constant per image, so each image carries only its
// own ISA's code.
using System;
using Helios.Kernel.Arch.Arm64;
using Helios.Kernel.Arch.X64;
using System.Collections.Generic;
using Helios.Kernel.Boot;
using Helios.Kernel.Cpus;
using Helios.Kernel.Memory;
using Internal.Runtime;

namespace Helios.Kernel.Arch
{
    public abstract class Platform
    {
        /// <summary>The platform the kernel runs on; set once at boot.</summary>
        public static Platform Current { get; private set; }

        internal static Platform Create(nuint bootArgument)
        {
            Current = TargetIsa.IsX64 ? new X64Platform(bootArgument, satellite: false) : new Arm64Platform(bootArgument, satellite: false);
            return Current;
        }

        /// <summary>
        /// A satellite kernel's platform (docs/multikernel.md): booted from a boot block, not the firmware, it leaves
        /// machine-wide hardware (interrupt routing, the serial port's set-up, the exit device) to the coordinator.
        /// </summary>
        internal static Platform CreateSatellite(ulong bootBlock)
        {
            Current = TargetIsa.IsX64 ? new X64Platform((nuint)bootBlock, satellite: true) : new Arm64Platform((nuint)bootBlock, satellite: true);
            return Current;
        }

        /// <summary>A satellite: whether this kernel was booted by the coordinator.</summary>
        public abstract bool IsSatellite { get; }

        /// <summary>
        /// The coordinator: what a satellite needs of this machine's hardware, written into its boot block (the calibrated
        /// clocks; the interrupt controller's registers, the tick's interrupt, the firmware's calling convention).
        /// </summary>
        public abstract void DescribeHardware(Satellite.Boot.BootBlock block);

        /// <summary>A satellite takes that from its boot block instead of the firmware's tables, and calibrates nothing.</summary>
        public abstract void AdoptHardware(Satellite.Boot.BootBlock block);

        /// <summary>
        /// Writes what a satellite's first CPU needs to run in long mode or with its MMU off at the entry (x86_64: page
        /// tables identity-mapping the first 4 GiB and the ranges in reach, wherever they lie; arm64: nothing, its entry
        /// sets up its own) at the page-aligned address at, in the satellite's memory; returns their root (or 0).
        /// </summary>
        public abstract ulong BuildSatelliteBootTables(ulong at, List<Satellite.Topology.PhysicalRange> reach);

        /// <summary>How many bytes BuildSatelliteBootTables takes for reach (page multiple).</summary>
        public abstract ulong SatelliteBootTablesBytes(List<Satellite.Topology.PhysicalRange> reach);

        /// <summary>
        /// Starts the CPU hardwareId (another kernel's) at entry(argument) on the stack below stackTop, on bootTables
        /// (INIT-SIPI-SIPI through the AP trampoline; PSCI CPU_ON), once what it needs is published
        /// (PublishToStartingCpu). False if the firmware refused.
        /// </summary>
        public abstract bool StartSatellite(ulong hardwareId, ulong entry, ulong argument, ulong stackTop, ulong bootTables);

        /// <summary>
        /// Makes what this CPU wrote in [start, start+length) visible to a CPU that starts with its caches off (arm64:
        /// cleaned to the point of coherency; x86_64's caches are coherent).
        /// </summary>
        public abstract void PublishToStartingCpu(ulong start, ulong length);

        /// <summary>"x86_64" or "arm64".</summary>
        public abstract string IsaName { get; }

        /// <summary>Console output and CPU exception handling: the first things the kernel sets up.</summary>
        public abstract void InitializeEarly();

        /// <summary>Writes to the serial console (newlines become CRLF).</summary>
        public abstract void WriteConsole(ReadOnlySpan<char> text);

        /// <summary>The next byte the serial console received, or -1 when none is waiting (never waits).</summary>
        public abstract int ReadConsole();

        /// <summary>Reads the boot information through memory (the identity map, possibly recorded).</summary>
        public abstract BootInfo ReadBootInfo(IPhysicalMemory memory);

        /// <summary>
        /// The physical memory the boot stub identity-maps as ordinary memory, where boot parsers may read before the
        /// kernel has its own page tables.
        /// </summary>
        public abstract ulong BootMappedStart { get; }

        public abstract ulong BootMappedEnd { get; }

        /// <summary>How this ISA's page-table entries look.</summary>
        public abstract PageFormat PageFormat { get; }

        /// <summary>Physical ranges holding device registers (mapped as Device memory, RAM is mapped over them).</summary>
        public abstract List<(ulong Start, ulong End)> DeviceWindows { get; }

        /// <summary>Usable memory the platform keeps from the frame allocator (x86_64: the first MiB).</summary>
        public abstract List<(ulong Start, ulong End)> ReservedMemory { get; }

        /// <summary>Makes the page table at root the current CPU's (CR3, TTBR0_EL1) and flushes the TLB.</summary>
        public abstract void ActivatePageTables(ulong root);

        /// <summary>Drops this CPU's TLB entries for [address, address+size).</summary>
        public abstract void FlushTlb(ulong address, ulong size);

        /// <summary>
        /// Lays out a new thread's stack below top so that switching to it starts helios_thread_trampoline with the
        /// thread (Arch/*/Context.S); returns the stack pointer to switch to.
        /// </summary>
        public abstract ulong PrepareThreadStack(ulong top, nint thread);

        /// <summary>
        /// The boot CPU's interrupt controllers and timers, calibrated: afterwards CounterFrequency is known and
        /// interrupts can be taken (once a CPU enables them).
        /// </summary>
        public abstract void InitializeInterrupts(BootInfo boot);

        /// <summary>This CPU's own part of the interrupt controller (every CPU calls it, the boot CPU included).</summary>
        public abstract void InitializeThisCpu(Cpu cpu);

        /// <summary>Counts per second of ReadCycleCounter.</summary>
        public abstract ulong CounterFrequency { get; }

        /// <summary>Starts this CPU's periodic timer at hz; each tick runs Scheduler.Tick.</summary>
        public abstract void StartTick(uint hz);

        /// <summary>
        /// Replaces this CPU's tick with one timer interrupt about delay counter units from now; returns the counter
        /// value at which it fires (TimerProbe).
        /// </summary>
        public abstract ulong ArmOneShot(ulong delay);

        /// <summary>What benchmarks report in: "ticks" (counter ticks) or "insns" (instructions, under -icount).</summary>
        public abstract string BenchmarkUnit { get; }

        /// <summary>Counter units as benchmark units.</summary>
        public abstract ulong CounterToBenchmarkUnits(ulong counts);

        /// <summary>The interrupt number of the tick (for measurements).</summary>
        public abstract int TickInterrupt { get; }

        /// <summary>Interrupts cpu (an IPI) so that it leaves its idle wait and looks at its run queue.</summary>
        public abstract void SendWakeup(Cpu cpu);

        /// <summary>
        /// The interrupt another kernel raises on this one when a link has records for it (src/Kernel/Multikernel/
        /// KernelLinks.cs registers its handler; every CPU of the kernel accepts it).
        /// </summary>
        public abstract int DoorbellInterrupt { get; }

        /// <summary>How another kernel names the running CPU when it rings this kernel's doorbell (an APIC id, a GIC target mask).</summary>
        public abstract ulong DoorbellTarget { get; }

        /// <summary>Raises the doorbell interrupt on the CPU of another kernel that published target (an IPI across kernels).</summary>
        public abstract void RingDoorbell(ulong target);

        /// <summary>
        /// A free interrupt that a device raises by writing data to address (an MSI-X entry), edge triggered and delivered
        /// to the running CPU, with the number its handler is registered under (InterruptDispatcher); -1 and why not when
        /// none is free or the machine has no controller for message interrupts. Only the coordinator owns the controller.
        /// </summary>
        public abstract int AllocateMessageInterrupt(out ulong address, out uint data, out string problem);

        /// <summary>Gives back an interrupt of AllocateMessageInterrupt (its handler already unregistered).</summary>
        public abstract void ReleaseMessageInterrupt(int interrupt);

        /// <summary>
        /// Starts cpu running helios_ap_entry(cpu.Index) on the stack below stackTop (INIT-SIPI-SIPI, PSCI CPU_ON).
        /// Returns once the start is under way; false if the firmware refused.
        /// </summary>
        public abstract bool StartCpu(Cpu cpu, ulong stackTop);

        /// <summary>
        /// Stops another kernel's CPU (hardwareId) for good, whatever it is doing, when the ISA lets one CPU do that to
        /// another: a dead satellite's (SatelliteWatch). False when it cannot.
        /// </summary>
        public abstract bool StopForeignCpu(ulong hardwareId);

        /// <summary>The running CPU's hardware id, as the boot information names CPUs (APIC id, MPIDR).</summary>
        public abstract ulong CurrentCpuHardwareId { get; }

        /// <summary>Where the boot information is: the PVH start_info (x86_64) or the device tree (arm64).</summary>
        public abstract ulong BootInformationAddress { get; }

        /// <summary>Ends the machine with an exit status QEMU reports as (code &lt;&lt; 1) | 1. Never returns.</summary>
        public abstract void Exit(int code);

        /// <summary>Stops this CPU for good, interrupts off. Never returns.</summary>
        public abstract void HaltForever();

        /// <summary>Whether address translation is on (CR0.PG; SCTLR_EL1.M).</summary>
        public abstract bool PagingEnabled { get; }

        /// <summary>A free-running counter, for measuring short intervals (TSC; CNTVCT).</summary>
        public abstract ulong ReadCycleCounter();

        /// <summary>Dies the way a broken kernel does, with no exit status (triple fault; PSCI power-off).</summary>
        public abstract void DieWithoutStatus();

        /// <summary>Executes an undefined instruction (ud2; udf).</summary>
        public abstract void ExecuteUndefinedInstruction();
    }
}
