// The boot path, top to bottom. Each ISA's Boot.S (Arch/X64, Arch/Arm64) sets up a stack, memory and FP/SIMD and
// calls Entry; from here on the kernel is portable C#. A satellite kernel (docs/multikernel.md) is the same code in
// its own copy of the image, started by the coordinator through SatelliteEntry.S at SatelliteEntry: it boots from
// the grant in its boot block instead of the firmware's tables, and runs the same steps on what it was given.
using System.Runtime.InteropServices;
using Helios.Kernel.Arch;
using Helios.Kernel.Boot;
using Helios.Kernel.Cpus;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Memory;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Processes;
using Helios.Kernel.Time;
using Internal.Runtime;

namespace Helios.Kernel
{
    public static unsafe class KernelMain
    {
        /// <summary>
        /// What runs once the kernel is up; its result is the exit code. The kernel image runs Init; another image
        /// (the in-kernel test runner) replaces it from a module initializer, which runs before Entry reads it.
        /// </summary>
        public static delegate*<BootInfo, int> Payload = &Init.Run;

        /// <summary>What a satellite runs once it is up: by default it waits to be stopped (the test image runs tests).</summary>
        public static delegate*<BootInfo, int> SatellitePayload = &SatelliteIdle.Run;

        public static BootInfo BootInfo { get; private set; }

        /// <summary>The counter when this kernel printed its banner (its boot's length, from a counter started at 0).</summary>
        public static ulong BannerCounter { get; private set; }

        [UnmanagedCallersOnly(EntryPoint = "helios_kernel_entry")]
        private static void Entry(nuint bootArgument, ImageLayout* layout)
        {
            Startup.Initialize(in *layout);             // heap, statics, module initializers
            Startup.RunLibraryInitializers();
            Platform platform = Platform.Create(bootArgument);
            platform.InitializeEarly();                 // console, CPU exception handlers

            // A malformed boot protocol throws BootInfoException, which ends in a panic naming what was wrong.
            var memory = new RecordingMemory(new IdentityMappedMemory(platform.BootMappedStart, platform.BootMappedEnd));
            BootInfo boot = platform.ReadBootInfo(memory);
            BootInfo = boot;
            ulong kernelStart = (ulong)layout->ImageStart, kernelEnd = (ulong)layout->HeapEnd;
            if (Apps.TryLocate(boot, kernelStart, kernelEnd, out ulong bundle, out ulong bundleLength))
                boot.Reserved.Add(new ReservedRange(bundle, bundleLength, "boot bundle"));  // the apps, where QEMU put them
            if (new CommandLine(boot.CommandLine).HasFlag("bootinfo.dump"))
                memory.Dump(platform.BootInformationAddress, KernelConsole.WriteLine);
            // The image and its early heap must be in usable RAM: they are in use already.
            BootMemoryLayout.HeapGrowthRange(boot.Memory, (ulong)layout->ImageStart, (ulong)layout->HeapEnd, platform.BootMappedEnd);
            boot = SatelliteLauncher.PlanMachine(boot, platform, kernelStart, kernelEnd);  // a kernel per domain: ours is the grant
            BootInfo = boot;
            Boot(platform, boot, layout, &KernelMain.RunCoordinator);
        }

        [UnmanagedCallersOnly(EntryPoint = "helios_satellite_kernel_entry")]
        private static void SatelliteEntry(ulong bootBlock, ImageLayout* layout)
        {
            Startup.Initialize(in *layout);
            Startup.RunLibraryInitializers();
            Platform platform = Platform.CreateSatellite(bootBlock);
            platform.InitializeEarly();                 // CPU exception handlers (the console is the coordinator's)
            BootInfo boot = SatelliteBoot.Read(bootBlock, platform);    // the grant: id, CPUs, memory, clocks, machine page
            BootInfo = boot;
            Boot(platform, boot, layout, &KernelMain.RunSatellite);
        }

        // The steps every kernel takes on what it owns, the coordinator and satellites alike.
        private static void Boot(Platform platform, BootInfo boot, ImageLayout* layout, delegate*<Platform, BootInfo, int> run)
        {
            ulong kernelStart = (ulong)layout->ImageStart, kernelEnd = (ulong)layout->HeapEnd;
            Frames.Initialize(boot, layout, platform);      // physical memory, less what is in use
            AddressSpace.Initialize(boot, layout, platform);// the kernel's own page tables: null and stack guards
            Channels.KernelChannelHost.Initialize();        // the exchange heap (chunks come from Frames on demand)
            CpuSetup.CreateCpus(boot, platform);
            CpuSetup.InitializeBootCpu(layout);             // per-CPU block, the boot thread, an idle thread
            platform.InitializeInterrupts(boot);            // controllers; the counter calibrated
            Clock.Initialize(platform.CounterFrequency);
            Channels.KernelChannelHost.ClockRuns();
            platform.InitializeThisCpu(Cpu.Current);
            platform.StartTick(Tick.Hz(boot));
            Cpu.Current.Online = true;
            CollectorHostExports.EnableWithShareOfMemory();  // the collector may stop threads from now on
            Processor.EnableInterrupts();
            Smp.StartSecondaries(platform);                 // the other CPUs join from their idle loops
            Helios.Channels.ContractInfo.RegisterSystem(Helios.Contracts.ContractCatalog.All());  // src/Contracts: known from boot, never redefined
            Apps.Open(boot, kernelStart, kernelEnd);        // the boot bundle's table of contents
            Devices.Pci.PciDevices.Discover(boot);          // the PCI functions this kernel owns, BARs placed and mapped
            KernelExit.Exit(run(platform, boot));
        }

        private static int RunCoordinator(Platform platform, BootInfo boot)
        {
            BannerCounter = platform.ReadCycleCounter();
            Banner.Print(platform, boot);
            KernelNamespaceEntry.Register();                // /kernels/0: the directory is this kernel's
            SatelliteLauncher.StartAll(platform);           // one satellite kernel per other domain, each online in turn
            return Payload(boot);
        }

        private static int RunSatellite(Platform platform, BootInfo boot)
        {
            Banner.Print(platform, boot);
            if (SatelliteBoot.LinkArea != 0) KernelLinks.Connect(0, SatelliteBoot.LinkArea);    // the rings to the coordinator
            for (int peer = 1; peer < KernelRole.Count; peer++)    // and to every other satellite, started or not
                if (SatelliteBoot.PeerLinkAreas[peer] != 0)
                {
                    KernelLinks.Connect(peer, SatelliteBoot.PeerLinkAreas[peer]);
                    SatelliteWatch.WatchPeer(peer);
                }
            KernelNamespaceEntry.Register();                // /kernels/<id>: the coordinator lists it once it links back
            MachineStatus.Report(KernelRole.Id, Satellite.Boot.KernelState.Online);    // the coordinator waits for this
            return SatellitePayload(boot);
        }
    }
}
