// What every kernel of a multikernel machine must hold (docs/multikernel.md), run on the coordinator and on each
// satellite: it schedules only on its own domain's CPUs, hands out only frames of its own grant (never another
// kernel's, the boot bundle's or the machine page), and the machine page records it online. On a machine of one
// kernel the same tests check that kernel against the whole machine.
using System;
using Helios.Kernel.Boot;
using Helios.Kernel.Cpus;
using Helios.Kernel.Memory;
using Helios.Kernel.Multikernel;
using Helios.Satellite.Boot;
using Helios.Testing;

namespace Helios.Kernel.Tests.Kernel
{
    internal static class MultikernelTests
    {
        [Test]
        public static void ItRunsOnlyOnItsOwnCpus()
        {
            BootInfo boot = KernelMain.BootInfo;
            Assert.Equal(boot.Cpus.Count, Cpu.Count);
            foreach (Cpu cpu in Cpu.All)
            {
                bool granted = false;
                foreach (CpuDescription description in boot.Cpus) granted |= description.HardwareId == cpu.HardwareId;
                Assert.True(granted, "CPU 0x" + cpu.HardwareId.ToString("x") + " is not in this kernel's grant");
            }
            if (KernelRole.IsMultikernel && !KernelRole.IsSatellite)
                Assert.Equal(SatelliteLauncher.Plan.Kernels[0].Cpus.Count, Cpu.Count);
            string expected = new CommandLine(boot.CommandLine).GetValue("expect.kernelcpus");
            if (expected is not null) Assert.Equal(int.Parse(expected), Cpu.Count);
        }

        // Takes every free frame, checks each lies in this kernel's usable memory and in no reserved range (the boot
        // bundle, the machine page, firmware tables, a satellite's boot data), and gives them all back.
        [Test]
        public static void EveryFrameItHandsOutIsItsOwn()
        {
            KernelStacks.Trim();
            BootInfo boot = KernelMain.BootInfo;
            // The list first: allocating it may grow the heap, which takes frames.
            var taken = new ulong[Frames.FreeFrames + 64];
            ulong before = Frames.FreeFrames;
            int count = 0;
            while (true)
            {
                ulong frame = Frames.AllocateUncleared();
                if (frame == 0) break;
                taken[count++] = frame;
            }
            string problem = null;
            for (int i = 0; i < count && problem is null; i++) problem = Check(boot, taken[i]);
            for (int i = 0; i < count; i++) Frames.Free(taken[i]);
            Assert.Null(problem);
            // Every frame came back, less what this kernel's heap took meanwhile: on a multikernel machine its threads
            // answer the other kernels' namespace requests while the test runs.
            ulong kept = before - Frames.FreeFrames;
            Assert.True(KernelRole.IsMultikernel ? kept <= 64 : kept == 0, kept.ToString() + " frames did not come back");
        }

        [Test]
        public static void TheMachinePageRecordsItOnline()
        {
            if (!KernelRole.IsMultikernel)
            {
                Assert.False(MachineStatus.Exists);
                return;
            }
            Assert.Equal(KernelState.Online, MachineStatus.State(KernelRole.Id));
            Assert.True(MachineStatus.Heartbeat(KernelRole.Id) > 0, "the tick counts the heartbeat");
        }

        private static string Check(BootInfo boot, ulong frame)
        {
            bool usable = false;
            foreach (MemoryRegion region in boot.Memory)
                usable |= region.Kind == MemoryKind.Usable && frame >= region.Start && frame + FrameAllocator.FrameSize <= region.End;
            if (!usable) return "frame 0x" + frame.ToString("x") + " is outside this kernel's memory";
            foreach (ReservedRange range in boot.Reserved)
                if (frame < range.End && range.Start < frame + FrameAllocator.FrameSize)
                    return "frame 0x" + frame.ToString("x") + " lies in " + range.What;
            if (MachineStatus.Exists && frame == MachineStatus.Address) return "frame 0x" + frame.ToString("x") + " is the machine page";
            return null;
        }
    }
}

namespace Helios.Kernel.Tests.Kernel
{
    // A satellite that panics (run as "satellite.test=SatellitePanic.OnPurpose"): only that kernel stops; the
    // coordinator goes on, reports it, and ends the machine with ExitCode.KernelDied (tests/Helios.Tests/InKernel).
    internal static class SatellitePanicTests
    {
        [Test(Category = "multikernel")]
        [ExpectPanic("a satellite panics on purpose")]
        public static void OnPurpose() => Diagnostics.Panic.Halt("a satellite panics on purpose");
    }
}

namespace Helios.Kernel.Tests.Kernel
{
    // Each kernel's heap and collector are its own copy's: collections forced on a satellite leave the coordinator's
    // count and heap as they were. Run on a satellite with the coordinator idle (satellite.test=CrossKernel.* and a
    // coordinator that ends its own tests at once: tests/Helios.Tests/InKernel/MultikernelTests.cs); it waits for the
    // coordinator to ask the machine to stop, when the coordinator only waits.
    internal static class CrossKernelTests
    {
        [Test(Category = "multikernel")]
        public static void CollectionsHereLeaveTheCoordinatorsHeapAlone()
        {
            Assert.True(KernelRole.IsSatellite, "runs on a satellite");
            SatelliteIdle.WaitForShutdown();
            Threading.Thread.Sleep(5_000_000);                     // the coordinator's ticks have published its state
            ulong theirCollections = MachineStatus.Collections(0), theirHeap = MachineStatus.HeapBytes(0);
            int ours = GC.CollectionCount(0);
            for (int i = 0; i < 3; i++)
            {
                var garbage = new object[10_000];
                for (int j = 0; j < garbage.Length; j++) garbage[j] = new byte[64];
                GC.Collect();
            }
            Threading.Thread.Sleep(5_000_000);
            Assert.True(GC.CollectionCount(0) >= ours + 3, "this kernel collected");
            Assert.True(theirCollections > 0 || theirHeap > 0, "the coordinator publishes its collector's state");
            Assert.Equal(theirCollections, MachineStatus.Collections(0));
            Assert.Equal(theirHeap, MachineStatus.HeapBytes(0));
        }
    }
}
