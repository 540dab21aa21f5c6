// What the kernel learned at boot. The host harness boots the test image with "-smp 2" and passes what it expects on
// the command line ("expect.cpus=2 expect.isa=x86_64"; on a NUMA --topology also "expect.mem=256 expect.domains=2"),
// so these checks compare against what QEMU was really given.
using Helios.Kernel.Arch;
using Helios.Kernel.Boot;
using Helios.Testing;

namespace Helios.Kernel.Tests.Kernel
{
    internal static class BootTests
    {
        private static CommandLine Expectations => new CommandLine(KernelMain.BootInfo.CommandLine);

        [Test]
        public static void CpuCountMatchesTheMachine()
        {
            // A kernel of a multikernel machine has its node's CPUs (expect.kernelcpus), the machine all of them.
            string expected = Multikernel.KernelRole.IsMultikernel ? Expectations.GetValue("expect.kernelcpus") : Expectations.GetValue("expect.cpus");
            Assert.NotNull(expected);
            Assert.Equal(int.Parse(expected ?? "0"), KernelMain.BootInfo.CpuCount);
        }

        [Test]
        public static void IsaMatchesTheMachine()
        {
            string expected = Expectations.GetValue("expect.isa");
            Assert.NotNull(expected);
            Assert.Equal(expected, Platform.Current.IsaName);
        }

        [Test]
        public static void MemoryMapIsSortedAndHasRam()
        {
            BootInfo boot = KernelMain.BootInfo;
            Assert.True(boot.Memory.Count > 0);
            for (int i = 1; i < boot.Memory.Count; i++)
                Assert.True(boot.Memory[i - 1].End <= boot.Memory[i].Start);
            // The harness gives the machine 128 MiB unless it says otherwise; some of it is firmware's. A kernel of a
            // multikernel machine owns one node's share (its frames; its map also shows what it shares, such as the
            // boot bundle).
            ulong mib = ulong.Parse(Expectations.GetValue("expect.mem") ?? "128");
            ulong owned = boot.UsableBytes;
            if (Multikernel.KernelRole.IsMultikernel)
            {
                mib /= (ulong)Multikernel.KernelRole.Count;
                owned = 0;
                foreach (MemoryRegion region in boot.Memory)
                    if (region.Kind == MemoryKind.Usable && !Shared(boot, region)) owned += region.Length;
            }
            Assert.True(owned >= (mib - 28) << 20);
            Assert.True(owned <= mib << 20);
        }

        // Usable memory wholly inside a reserved range's pages: another kernel's that this one reads (the boot bundle, the
        // machine page, the satellite image), not its own.
        private static bool Shared(BootInfo boot, MemoryRegion region)
        {
            foreach (ReservedRange range in boot.Reserved)
                if ((range.Start & ~4095UL) <= region.Start && region.End <= ((range.End + 4095) & ~4095UL)) return true;
            return false;
        }

        [Test]
        public static void NumaDomainsMatchTheMachine()
        {
            // One domain per QEMU -numa node (SRAT, numa-node-id); a machine without nodes has one. On a multikernel
            // machine each kernel owns one domain, and there is a kernel per domain.
            int expected = int.Parse(Expectations.GetValue("expect.domains") ?? "1");
            if (Multikernel.KernelRole.IsMultikernel)
            {
                Assert.Equal(1, KernelMain.BootInfo.DomainCount);
                Assert.Equal(expected, Multikernel.KernelRole.Count);
                return;
            }
            Assert.Equal(expected, KernelMain.BootInfo.DomainCount);
        }

        [Test]
        public static void CommandLineReachesTheKernel()
        {
            var line = new CommandLine("alpha key=value \"quoted words\" last=\"a b\"");
            Assert.Equal(4, line.Words.Count);
            Assert.True(line.HasFlag("alpha"));
            Assert.Equal("value", line.GetValue("key"));
            Assert.Equal("quoted words", line.Words[2]);
            Assert.Equal("a b", line.GetValue("last"));
            Assert.Null(line.GetValue("missing"));
            Assert.True(KernelMain.BootInfo.CommandLine.Contains("expect.isa="));
        }

        [Test]
        public static void PagingAndFloatingPointAreOn()
        {
            Assert.True(Platform.Current.PagingEnabled);
            double third = 1.0 / Expectations.Words.Count;
            Assert.True(third > 0.0 && third <= 1.0);
            float f = 0.25f * 4;
            Assert.Equal(1.0f, f);
        }
    }
}
