// Hardware grants (src/Kernel/Devices, ProcessDeviceAbi): the register probe's manifest declares the virtio-blk
// disk's BAR 4 only (tests/Apps/RegisterProbe). It reads virtio registers there; each access to anything else kills
// it alone, saying what it touched, and the kernel and the next process go on. Needs the harness's scratch disk.
using Helios.Kernel.Boot;
using Helios.Kernel.Processes;
using Helios.Testing;

namespace Helios.Kernel.Tests.Processes
{
    internal static class DeviceGrantTests
    {
        private static bool DiskAttached => new CommandLine(KernelMain.BootInfo.CommandLine).GetValue("expect.disk") == "virtio-blk"
                                            && !Multikernel.KernelRole.IsMultikernel;

        private static Process Run(string mode)
        {
            Process process = Apps.Create("registerprobe", new[] { mode });
            process.Start();
            process.Wait();
            return process;
        }

        [Test]
        public static void ADriverReadsTheRegistersItWasGranted()
        {
            Process probe = Run("features");
            if (!DiskAttached)
            {
                Assert.Equal(3, probe.ExitCode);                // no disk: told so, not killed
                return;
            }
            Assert.Equal(ProcessState.Exited, probe.State);
            Assert.Equal(0, probe.ExitCode);
        }

        [Test]
        public static void ADriverTouchingWhatItWasNotGrantedDiesAlone()
        {
            if (!DiskAttached) return;
            string[][] cases =
            {
                new[] { "outside", "(4 bytes) is outside 1af4:1042 (0000:00:" },
                new[] { "undeclared", "hardware: registerprobe's manifest grants no BAR 1 of 1af4:1042 (it grants BAR 4)" },
                new[] { "other", "hardware: registerprobe's manifest declares no PCI device 8086:29c0" },
            };
            foreach (string[] c in cases)
            {
                Process probe = Run(c[0]);
                Assert.Equal(ProcessState.Killed, probe.State);
                Assert.True(probe.KillReason is not null && probe.KillReason.Contains(c[1]), c[0] + ": " + probe.KillReason);
            }
            // The kernel goes on, and a driver that keeps to its grant still works.
            Assert.Equal(0, Run("features").ExitCode);
        }

        [Test]
        public static void ADriverWaitingForAnInterruptNotItsOwnDiesAlone()
        {
            if (!DiskAttached) return;
            string[][] cases =
            {
                new[] { "interrupt-undeclared", "hardware: registerprobe's manifest grants no interrupt vector 1 of 1af4:1042 (it grants vector 7)" },
                new[] { "interrupt-other", "hardware: registerprobe's manifest declares no PCI device 8086:29c0, so none of its interrupts" },
                new[] { "interrupt-missing", "MSI-X vectors, so no vector 7" },     // the disk has one per queue, and one more
            };
            foreach (string[] c in cases)
            {
                Process probe = Run(c[0]);
                Assert.Equal(ProcessState.Killed, probe.State);
                Assert.True(probe.KillReason is not null && probe.KillReason.Contains(c[1]), c[0] + ": " + probe.KillReason);
            }
            Assert.Equal(0, Run("features").ExitCode);
        }
    }
}
