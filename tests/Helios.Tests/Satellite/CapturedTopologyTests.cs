// The planner on real firmware tables: boot captures of QEMU NUMA machines (./helios capture --topology numa2|numa4,
// tests/Data/boot), read by the kernel's own boot parsers, turned into a MachineDescription as the kernel does
// (MachineDescriptions.From, with the boot bundle reserved where the command line says it is), and planned: one
// kernel per node, each with its node's CPU and its node's memory, less the bundle.
using System.Globalization;
using Helios.Kernel.Boot;
using Helios.Kernel.Boot.Acpi;
using Helios.Kernel.Boot.DeviceTree;
using Helios.Kernel.Boot.Pvh;
using Helios.Satellite.Topology;
using Helios.Tests.Boot;
using Xunit;

namespace Helios.Tests.Satellite;

public class CapturedTopologyTests
{
    private const ulong KiB = 1024;
    private const ulong MiB = 1024 * KiB;
    private const ulong Page = 4096;
    private const ulong NodeBytes = 128 * MiB;   // QemuTopology.DefaultNodeMiB: the captures use the default memory

    private static (BootInfo Boot, bool X86) Read(string capture)
    {
        CapturedMemory memory = CapturedMemory.Load(TestData.BootCapture(capture));
        bool x86 = capture.StartsWith("x86_64", StringComparison.Ordinal);
        return (x86 ? PvhBootInfo.Read(memory, memory.BootInformation) : DeviceTreeBootInfo.Read(memory, memory.BootInformation), x86);
    }

    // Where QEMU's loader put the boot bundle: bundle=<address>,<length> on the command line (the kernel's
    // Apps.TryLocate reads the same and reserves it before anything is planned).
    private static (ulong Start, ulong Length) Bundle(BootInfo boot)
    {
        string[] value = new CommandLine(boot.CommandLine).GetValue("bundle").Split(',');
        return (ulong.Parse(value[0][2..], NumberStyles.HexNumber), ulong.Parse(value[1]));
    }

    private static ulong RamBase(bool x86) => x86 ? 0UL : 0x4000_0000UL;

    [Theory]
    [InlineData("x86_64-q35-numa2-256M", 2)]
    [InlineData("x86_64-q35-numa4-512M", 4)]
    [InlineData("arm64-virt-numa2-256M", 2)]
    [InlineData("arm64-virt-numa4-512M", 4)]
    public void FirmwareNamesOneDomainPerNode(string capture, int nodes)
    {
        (BootInfo boot, bool x86) = Read(capture);
        Assert.Equal(nodes, boot.DomainCount);
        Assert.Equal(Enumerable.Range(0, nodes).Select(n => ((ulong)n, n)), boot.Cpus.Select(c => (c.HardwareId, c.Domain)));
        var expected = new List<(ulong, ulong, int)>();
        for (int n = 0; n < nodes; n++)
        {
            ulong start = RamBase(x86) + (ulong)n * NodeBytes;
            // QEMU's SRAT splits node 0 around the legacy hole between 640 KiB and 1 MiB.
            if (x86 && n == 0) expected.AddRange([(0UL, 640 * KiB, 0), (1 * MiB, NodeBytes, 0)]);
            else expected.Add((start, start + NodeBytes, n));
        }
        Assert.Equal(expected, boot.Affinity.OrderBy(a => a.Start).Select(a => (a.Start, a.End, a.Domain)));
    }

    [Theory]
    [InlineData("arm64-virt-numa2-256M", 2)]
    [InlineData("arm64-virt-numa4-512M", 4)]
    public void DeviceTreeGivesMemoryAndCpuNodesANumaNodeId(string capture, int nodes)
    {
        CapturedMemory memory = CapturedMemory.Load(TestData.BootCapture(capture));
        int size = FlattenedDeviceTree.ReadUsedSize(memory.Read(memory.BootInformation, FlattenedDeviceTree.HeaderSize));
        FlattenedDeviceTree tree = FlattenedDeviceTree.Parse(memory.Read(memory.BootInformation, size));
        DeviceTreeNode[] memoryNodes = tree.Root.Children.Where(n => n.GetString("device_type") == "memory").ToArray();
        DeviceTreeNode[] cpuNodes = tree.Find("/cpus").Children.Where(n => n.GetString("device_type") == "cpu").ToArray();
        Assert.Equal(Enumerable.Range(0, nodes).Select(n => (uint?)n), memoryNodes.Select(n => n.GetUInt32("numa-node-id")).Order());
        Assert.Equal(Enumerable.Range(0, nodes).Select(n => (uint?)n), cpuNodes.Select(n => n.GetUInt32("numa-node-id")).Order());
    }

    [Theory]
    [InlineData("x86_64-q35-numa2-256M")]
    [InlineData("x86_64-q35-numa4-512M")]
    public void Q35HasAnSrat(string capture)
    {
        CapturedMemory memory = CapturedMemory.Load(TestData.BootCapture(capture));
        AcpiTables acpi = AcpiTables.Read(memory, PvhStartInfo.Read(memory, memory.BootInformation).RsdpAddress);
        Assert.Contains("SRAT", acpi.Signatures);
    }

    [Theory]
    [InlineData("x86_64-q35-numa2-256M", 2)]
    [InlineData("x86_64-q35-numa4-512M", 4)]
    [InlineData("arm64-virt-numa2-256M", 2)]
    [InlineData("arm64-virt-numa4-512M", 4)]
    public void TheBundleIsAtTheTopOfTheLastNode(string capture, int nodes)
    {
        (BootInfo boot, bool x86) = Read(capture);
        (ulong bundle, ulong length) = Bundle(boot);
        // QemuOptions.BundleAddress: the top of RAM, below what q35's firmware keeps there (128 KiB), page aligned.
        ulong top = RamBase(x86) + (ulong)nodes * NodeBytes - (x86 ? 128 * KiB : 0);
        Assert.Equal((top - length) & ~(Page - 1), bundle);
        Assert.Equal(nodes - 1, boot.DomainOf(bundle));
        Assert.Contains(boot.Memory, r => r.Kind == MemoryKind.Usable && r.Start <= bundle && bundle + length <= r.End);
    }

    [Theory]
    [InlineData("x86_64-q35-numa2-256M", 2)]
    [InlineData("x86_64-q35-numa4-512M", 4)]
    [InlineData("arm64-virt-numa2-256M", 2)]
    [InlineData("arm64-virt-numa4-512M", 4)]
    public void OneKernelPerNodeWithItsCpuAndMemory(string capture, int nodes)
    {
        (BootInfo boot, bool x86) = Read(capture);
        (ulong bundle, ulong bundleLength) = Bundle(boot);
        boot.Reserved.Add(new ReservedRange(bundle, bundleLength, "boot bundle"));
        MachineDescription machine = MachineDescriptions.From(boot, 0);
        TopologyPlan plan = TopologyPlanner.Plan(machine, 32 * MiB);

        Assert.Empty(plan.Notes);
        Assert.Equal(nodes, plan.Kernels.Count);
        ulong top = RamBase(x86) + (ulong)nodes * NodeBytes - (x86 ? 128 * KiB : 0);
        for (int k = 0; k < nodes; k++)
        {
            KernelGrant grant = plan.Kernels[k];
            Assert.Equal(k, grant.KernelId);
            Assert.Equal(k, grant.Domain);
            Assert.Equal([(ulong)k], grant.Cpus);
            ulong start = RamBase(x86) + (ulong)k * NodeBytes, end = Math.Min(start + NodeBytes, top);
            foreach (PhysicalRange range in grant.Memory)
            {
                Assert.InRange(range.Start, start, end);
                Assert.InRange(range.End, start, end);
                Assert.DoesNotContain(machine.Reserved, r => r.Start < range.End && range.Start < r.End);
            }
            List<(ulong, ulong)> memory = grant.Memory.Select(r => (r.Start, r.End)).ToList();
            if (k == 0)
            {
                // The coordinator's node less the boot structures at its start (x86_64: PVH start info, memory map
                // and command line in the first pages, then the legacy hole from 636 KiB to 1 MiB; arm64: the device
                // tree): at most a few pages besides the hole.
                Assert.Equal(end, memory[^1].Item2);
                ulong lost = NodeBytes - grant.MemoryBytes - (x86 ? 1 * MiB - 0x9F000 : 0);
                Assert.InRange(lost, 0UL, 4 * Page);
                if (x86) Assert.Equal([(memory[0].Item1, 0x9F000UL), (1 * MiB, NodeBytes)], memory);
                else Assert.Single(memory);
            }
            else if (k == nodes - 1)
            {
                // The last node holds the bundle at its top: everything below it, nothing of its pages.
                var expected = new List<(ulong, ulong)> { (start, bundle & ~(Page - 1)) };
                ulong afterBundle = (bundle + bundleLength + Page - 1) & ~(Page - 1);
                if (afterBundle < end) expected.Add((afterBundle, end));
                Assert.Equal(expected, memory);
            }
            else Assert.Equal([(start, end)], memory);
        }
    }
}
