// The virtio-blk driver process (src/Services/VirtioBlk) on the harness's scratch disk, whose every sector holds a
// pattern the harness wrote (KernelTestSession.ScratchDisk): read through a split virtqueue from DMA buffers, several
// requests in flight, as a verified process with only its granted registers; written and flushed, and restored.
using Helios.Kernel.Boot;
using Helios.Kernel.Memory;
using Helios.Kernel.Processes;
using Helios.Testing;

namespace Helios.Kernel.Tests.Processes
{
    internal static class VirtioBlockTests
    {
        private static bool DiskAttached => new CommandLine(KernelMain.BootInfo.CommandLine).GetValue("expect.disk") == "virtio-blk"
                                            && !Multikernel.KernelRole.IsMultikernel;

        private static Process Run(params string[] args)
        {
            Process driver = Apps.Create("virtioblk", args);
            driver.Start();
            driver.Wait();
            return driver;
        }

        [Test]
        public static void TheDriverReadsTheDiskThroughItsVirtqueue()
        {
            if (!DiskAttached)
            {
                Assert.Equal(3, Run("capacity").ExitCode);     // no disk: told so
                return;
            }
            Assert.Equal(0, Run("capacity").ExitCode);
            ulong free = Frames.FreeFrames;                         // after a first run: what the kernel keeps is kept
            Assert.Equal(0, Run("check", "0", "64").ExitCode);
            Assert.Equal(0, Run("check", "8100", "92").ExitCode);   // the last sectors of the 4 MiB disk
            Process past = Run("check", "8190", "4");
            Assert.Equal(ProcessState.Exited, past.State);
            Assert.Equal(1, past.ExitCode);                         // past the end: an error, not a fault
            Assert.Equal(free, Frames.FreeFrames);                  // its DMA buffers came back
        }

        // The driver blocks on the disk's MSI-X interrupt (the kernel routes it: x86_64 to a local APIC vector, arm64 to
        // a GICv2m SPI). "interrupt" asks the disk to interrupt for one read and waits for that interrupt, not the used
        // ring (whether an ordinary read waits at all depends on how fast the host is); the kernel counts what it
        // delivered to drivers. The vector is free again once the driver has ended, and the next driver takes it.
        [Test]
        public static void TheDriverTakesTheDisksInterrupts()
        {
            if (!DiskAttached) return;
            Devices.Pci.PciFunction disk = Devices.Pci.PciDevices.Find(0x1AF4, 0x1042);
            ulong before = Devices.DeviceInterrupt.Delivered;
            Assert.Equal(0, Run("interrupt").ExitCode);
            ulong first = Devices.DeviceInterrupt.Delivered;
            Assert.True(first > before, "the kernel delivered the disk's interrupt to the driver");
            Assert.True(Devices.DeviceInterrupt.OwnerOf(disk, 0) is null, "vector 0 is given back when the driver ends");
            Assert.Equal(0, Run("interrupt").ExitCode);                     // a new driver takes it again
            Assert.True(Devices.DeviceInterrupt.Delivered > first, "the second driver took the interrupt too");
            Assert.Equal(0, Run("check", "0", "64").ExitCode);              // and reads with it, waiting or not
        }

        // A driver blocked on its interrupt (nothing in flight, so none comes) is killed: it dies within the kernel's
        // 0.1 s look at kills, not when its 30 s wait ends, and its vector is given back.
        [Test]
        public static void ADriverKilledWhileItWaitsForItsInterruptDies()
        {
            if (!DiskAttached) return;
            Process driver = Apps.Create("virtioblk", new[] { "idle", "30" });
            driver.Start();
            Helios.Kernel.Threading.Thread.Sleep(200_000_000);
            Assert.Equal(ProcessState.Running, driver.State);
            ulong start = Time.Clock.Now;
            driver.Kill("killed by the test while it waits for its interrupt");
            Assert.Equal(-1, driver.Wait());
            Assert.Equal(ProcessState.Killed, driver.State);
            Assert.True(Time.Clock.Now - start < 5_000_000_000UL, "it died within 5 s, not after its 30 s wait");
            Assert.True(Devices.DeviceInterrupt.OwnerOf(Devices.Pci.PciDevices.Find(0x1AF4, 0x1042), 0) is null, "its vector is given back");
            Assert.Equal(0, Run("interrupt").ExitCode);
        }

        [Test]
        public static void TheDriverWritesAndFlushesTheDisk()
        {
            if (!DiskAttached) return;
            // 37 sectors across pieces of 8 (odd on purpose), written as their complement, flushed, read back, restored.
            Assert.Equal(0, Run("rewrite", "1001", "37").ExitCode);
            Assert.Equal(0, Run("check", "990", "64").ExitCode);     // the harness's pattern is back, around them too
            Process past = Run("rewrite", "8190", "4");
            Assert.Equal(1, past.ExitCode);                         // past the end: refused before anything is written
            Assert.Equal(0, Run("check", "8100", "92").ExitCode);
        }
    }
}
