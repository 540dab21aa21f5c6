// How the coordinator makes a multikernel machine (docs/multikernel.md). At boot, before it sets up its own memory, it
// plans one kernel per NUMA domain (TopologyPlanner, src/Satellite) when QEMU loaded a satellite image, and keeps only
// its own grant. Once it runs threads it starts each satellite: the satellite image (the same kernel, linked position
// independent) placed at the start of the satellite's memory and relocated, boot page tables, a boot block naming
// the grant, and the domain's first CPU started at the image's entry. The satellite reports itself online in the
// machine page; the coordinator waits for that by sleeping, never spinning (under -icount a spinning CPU would starve
// the one it waits for), and declares it dead when it does not come within the time allowed.
using System;
using System.Collections.Generic;
using Helios.Kernel.Arch;
using Helios.Kernel.Boot;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Loading;
using Helios.Kernel.Memory;
using Helios.Kernel.Processes;
using Helios.Kernel.Time;
using Helios.Satellite.Boot;
using Helios.Satellite.Topology;
using Internal.Runtime;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Multikernel
{
    public static unsafe class SatelliteLauncher
    {
        /// <summary>The least memory a domain needs to get a satellite (else the coordinator keeps it).</summary>
        public const ulong MinimumSatelliteBytes = 16UL << 20;

        private const int OnlineTimeoutMilliseconds = 5000;

        private static TopologyPlan s_plan;
        private static string s_commandLine;
        private static ulong s_imageFile, s_imageFileLength;
        private static readonly List<ulong> s_bootTicks = new List<ulong>();

        /// <summary>The machine's kernels as planned at boot, or null on a machine of one kernel.</summary>
        public static TopologyPlan Plan => s_plan;

        /// <summary>
        /// Boot, before the frame allocator: when the command line names a satellite image and the machine has more than
        /// one domain with CPUs and memory enough, plans the kernels and returns the coordinator's own view of the
        /// machine (GrantedBootInfo); otherwise the machine as it is, for one kernel.
        /// </summary>
        internal static BootInfo PlanMachine(BootInfo machine, Platform platform, ulong kernelStart, ulong kernelEnd)
        {
            if (!BootModule.TryLocate(machine, "satellite", "the satellite image", kernelStart, kernelEnd, out ulong file, out ulong length))
                return machine;
            machine.Reserved.Add(new ReservedRange(file, length, "satellite image"));
            TopologyPlan plan = TopologyPlanner.Plan(MachineDescriptions.From(machine, platform.CurrentCpuHardwareId), MinimumSatelliteBytes);
            if (plan.Kernels.Count == 1) return machine;
            if (plan.Kernels.Count > MachinePage.MaxKernels)
                throw new BootInfoException("the machine has " + plan.Kernels.Count.ToString() + " domains; a machine page serves at most " + MachinePage.MaxKernels.ToString() + " kernels");
            s_plan = plan;
            s_commandLine = machine.CommandLine;
            s_imageFile = file;
            s_imageFileLength = length;
            KernelRole.Set(0, plan.Kernels.Count, plan.Kernels[0].Domain);
            PeerMemory.SetOwn(plan.Kernels[0].Memory);           // every kernel's grant, for the links' windows
            for (int k = 1; k < plan.Kernels.Count; k++)
                foreach (PhysicalRange range in plan.Kernels[k].Memory) PeerMemory.Add(k, range.Start, range.Length);
            KernelConsole.TagLines();
            return GrantedBootInfo.Restrict(machine, plan.Kernels[0]);
        }

        /// <summary>Counter ticks from starting satellite k to its report of being online (0: it never came).</summary>
        public static ulong BootTicks(int kernel) => kernel > 0 && kernel <= s_bootTicks.Count ? s_bootTicks[kernel - 1] : 0;

        /// <summary>Boot, once the coordinator runs threads: the machine page, then every satellite in turn.</summary>
        internal static void StartAll(Platform platform)
        {
            if (s_plan is null) return;
            MachineStatus.Create(s_plan.Kernels.Count);
            foreach (string note in s_plan.Notes) KernelConsole.WriteLine("topology: " + note);
            var file = new ReadOnlySpan<byte>((void*)s_imageFile, checked((int)s_imageFileLength));
            RelocatableImage image = RelocatableImage.Read(file, "satellite image", RelocatableImage.MachineOf(TargetIsa.IsX64));
            for (int k = 1; k < s_plan.Kernels.Count; k++) s_bootTicks.Add(Start(platform, s_plan.Kernels[k], file, image));
        }

        private static ulong Start(Platform platform, KernelGrant grant, ReadOnlySpan<byte> file, RelocatableImage image)
        {
            int k = grant.KernelId;
            // The image, its boot page tables, the boot block and a scratch stack, in the first range that holds them.
            // The tables map what the satellite touches before its own: its memory, and the machine page.
            const ulong Page = 4096;
            var reach = new List<PhysicalRange>(grant.Memory) { new PhysicalRange(MachineStatus.Address, Page) };
            ulong tableBytes;
            try
            {
                tableBytes = platform.SatelliteBootTablesBytes(reach);
            }
            catch (InvalidOperationException e)
            {
                Fail(k, e.Message);
                return 0;
            }
            ulong need = image.Size + tableBytes + 2 * Page;
            ulong imageBase = 0;
            foreach (PhysicalRange range in grant.Memory)
                if (range.Length >= need)
                {
                    imageBase = range.Start;
                    break;
                }
            if (imageBase == 0)
            {
                Fail(k, "no range of its memory holds its image (" + Units.Bytes(need) + ")");
                return 0;
            }
            MapForWriting(platform, imageBase, (imageBase + need + Page - 1) & ~(Page - 1));
            ulong written = ImagePlacement.Place(file, image, imageBase, leaveLastTail: true);
            ulong bootData = imageBase + image.Size;
            ulong tables = platform.BuildSatelliteBootTables(bootData, reach);
            ulong block = bootData + ((tableBytes + Page - 1) & ~(Page - 1));
            ulong stackTop = block + 2 * Page;

            var boot = new BootBlock
            {
                KernelId = (ushort)k,
                KernelCount = (ushort)s_plan.Kernels.Count,
                Domain = (ushort)grant.Domain,
                Isa = TargetIsa.IsX64 ? BootBlock.IsaX64 : BootBlock.IsaArm64,
                ImageBase = imageBase,
                ImageLength = image.Size,
                MachinePage = MachineStatus.Address,
                CommandLine = s_commandLine,
                Cpus = new List<ulong>(grant.Cpus),
                Memory = new List<PhysicalRange>(grant.Memory),
                Reserved = new List<ReservedEntry>(),
            };
            platform.DescribeHardware(boot);
            boot.Reserved.Add(new ReservedEntry(MachineStatus.Address, Page, ReservedEntry.MachinePageKind));
            if (Apps.HasBundle)
            {
                boot.Bundle = Apps.BundleAddress;
                boot.BundleLength = Apps.BundleLength;
                boot.Reserved.Add(new ReservedEntry(Apps.BundleAddress, (Apps.BundleLength + Page - 1) & ~(Page - 1), ReservedEntry.BootBundle));
            }
            boot.Reserved.Add(new ReservedEntry(bootData, stackTop - bootData, ReservedEntry.BootData));
            ulong linkArea = KernelLinks.CreateArea();      // the rings between this kernel and k (KernelLinks)
            boot.LinkArea = linkArea;
            boot.LinkAreaLength = KernelLinks.AreaBytes;
            boot.Reserved.Add(new ReservedEntry(linkArea, KernelLinks.AreaBytes, ReservedEntry.LinkAreaKind));
            for (int peer = 1; peer < s_plan.Kernels.Count; peer++)    // and between k and every other satellite
                if (peer != k) boot.Reserved.Add(new ReservedEntry(KernelLinks.PeerArea(k, peer), KernelLinks.AreaBytes, ReservedEntry.PeerLinkArea(peer)));
            for (int peer = 0; peer < s_plan.Kernels.Count; peer++)     // every other kernel's memory, which k's links read (PeerMemory)
                if (peer != k && boot.Reserved.Count + s_plan.Kernels[peer].Memory.Count <= BootBlock.MaximumReservedRanges)   // all or none
                    foreach (PhysicalRange range in s_plan.Kernels[peer].Memory)
                        boot.Reserved.Add(new ReservedEntry(range.Start, range.Length, ReservedEntry.PeerMemory(peer)));
            if (boot.EncodedLength > (int)Page)
            {
                Fail(k, "its boot block takes " + boot.EncodedLength.ToString() + " bytes, more than a page");
                return 0;
            }
            boot.StartTicks = platform.ReadCycleCounter();
            boot.Encode(new Span<byte>((void*)block, (int)Page));

            // The image's base is what a debugger needs (docs/multikernel.md: add-symbol-file ... -o <base>).
            KernelConsole.WriteLine("starting k" + k.ToString() + " on CPU 0x" + grant.Cpus[0].ToString("x") + ", NUMA domain "
                + grant.Domain.ToString() + ", image at 0x" + imageBase.ToString("x") + ", " + Units.Bytes(grant.MemoryBytes) + " of memory");
            MachineStatus.Report(k, KernelState.Starting);
            ulong started = platform.ReadCycleCounter();
            platform.PublishToStartingCpu(imageBase, written);
            platform.PublishToStartingCpu(bootData, stackTop - bootData);
            if (!platform.StartSatellite(grant.Cpus[0], imageBase + image.Entry, block, stackTop, tables))
            {
                Fail(k, "the firmware would not start its CPU 0x" + grant.Cpus[0].ToString("x"));
                return 0;
            }
            for (int waited = 0; MachineStatus.State(k) < KernelState.Online && waited < OnlineTimeoutMilliseconds; waited++)
                Thread.Sleep(1_000_000);
            KernelState state = MachineStatus.State(k);
            if (state < KernelState.Online)
            {
                Fail(k, "it did not come online within " + OnlineTimeoutMilliseconds.ToString() + " ms");
                return 0;
            }
            ulong online = MachineStatus.OnlineCounter(k);
            KernelLinks.Connect(k, linkArea);
            KernelNamespaceEntry.Announce(k);               // /kernels/k: the satellite serves it already
            SatelliteWatch.Watch(k, new CommandLine(KernelMain.BootInfo.CommandLine).GetValue("satellite.timeout"), Tick.Hz(KernelMain.BootInfo));
            return online > started ? online - started : 0;
        }

        // The satellite's memory is not the coordinator's (GrantedBootInfo.Restrict): its page tables map it only if a
        // device window happens to cover it (x86_64's first 4 GiB, as uncached Device memory; arm64's RAM not at all).
        // The coordinator writes the image there, so it maps that range as ordinary memory first, once, and keeps the
        // mapping (it never allocates from it: its frames come from its own grant).
        private static void MapForWriting(Platform platform, ulong start, ulong end)
        {
            const ulong Page = 4096;
            for (ulong page = start; page < end; page += Page)
            {
                if (AddressSpace.TryTranslate(page, out ulong physical, out MapKind kind) && physical == page && kind == MapKind.Memory)
                    continue;
                AddressSpace.Map(start, start, end - start, MapKind.Memory);
                platform.FlushTlb(start, end - start);      // what was mapped as Device must not stay in the TLB as such
                return;
            }
        }

        private static void Fail(int kernel, string why)
        {
            MachineStatus.Report(kernel, KernelState.Dead);
            KernelConsole.WriteLine("k" + kernel.ToString() + " is dead: " + why);
        }

        /// <summary>
        /// The machine ends with the coordinator's code: every satellite is asked to stop and waited for (those that
        /// run a payload of their own, tests, finish it first); one that panicked or died makes the machine's status
        /// ExitCode.KernelDied, one that failed ExitCode.Failure. Prints each satellite's end on the console.
        /// </summary>
        internal static int Finish(int code)
        {
            if (s_plan is null) return code;
            MachineStatus.RequestShutdown();
            int machine = code;
            for (int k = 1; k < s_plan.Kernels.Count; k++)
            {
                KernelState state = WaitForEnd(k);
                int exit = MachineStatus.ExitCode(k);
                string what = state switch
                {
                    KernelState.Exited => "exited with code " + exit.ToString(),
                    KernelState.Panicked => "panicked",
                    KernelState.Dead when SatelliteWatch.IsDead(k) => "was declared dead",
                    _ => "died without reporting",
                };
                KernelConsole.WriteLine("satellite k" + k.ToString() + " " + what);
                if (machine != 0) continue;
                if (state != KernelState.Exited) machine = (int)ExitCode.KernelDied;
                else if (exit != 0) machine = (int)ExitCode.Failure;
            }
            return machine;
        }

        // Until it reports its end or its heartbeat stops for the watch's timeout (it hung with interrupts masked).
        private static KernelState WaitForEnd(int kernel)
        {
            int timeoutMilliseconds = SatelliteWatch.TimeoutMilliseconds;
            ulong last = MachineStatus.Heartbeat(kernel);
            int still = 0;
            while (true)
            {
                KernelState state = MachineStatus.State(kernel);
                if (state >= KernelState.Exited) return state;
                if (state < KernelState.Online) return KernelState.Dead;
                Thread.Sleep(1_000_000);
                ulong beat = MachineStatus.Heartbeat(kernel);
                still = beat == last ? still + 1 : 0;
                last = beat;
                if (still >= timeoutMilliseconds)
                {
                    MachineStatus.Report(kernel, KernelState.Dead);
                    KernelConsole.WriteLine("k" + kernel.ToString() + " is dead: no heartbeat for " + timeoutMilliseconds.ToString() + " ms");
                    return KernelState.Dead;
                }
            }
        }
    }
}
