// The topology planner on synthetic machines: the shapes firmware really produces (QEMU's NUMA layouts, a node split
// at 640 KiB, memory-less nodes, hotplug ranges, sparse APIC ids), contradictions refused with a clear message, and
// the plan's invariants on random machines.
using Helios.Satellite.Topology;
using Xunit;

namespace Helios.Tests.Satellite;

public class TopologyPlannerTests
{
    private const ulong KiB = 1024;
    private const ulong MiB = 1024 * KiB;
    private const ulong GiB = 1024 * MiB;
    private const ulong Page = 4096;
    private const ulong Minimum = 32 * MiB;

    private static PhysicalRange R(ulong start, ulong end) => new(start, end - start);

    private static DomainRange D(ulong start, ulong end, int domain) => new(start, end - start, domain);

    private static MachineDescription Machine(ulong bootCpu, (ulong Id, int Domain)[] cpus, PhysicalRange[] usable,
        DomainRange[] affinity = null, PhysicalRange[] reserved = null)
    {
        var machine = new MachineDescription { BootCpu = bootCpu };
        foreach ((ulong id, int domain) in cpus) machine.Cpus.Add(new ProcessorEntry(id, domain));
        machine.Usable.AddRange(usable);
        machine.Affinity.AddRange(affinity ?? []);
        machine.Reserved.AddRange(reserved ?? []);
        return machine;
    }

    private static void AssertMemory(KernelGrant grant, params PhysicalRange[] expected)
        => Assert.Equal(expected.Select(r => (r.Start, r.End)), grant.Memory.Select(r => (r.Start, r.End)));

    [Fact]
    public void OneDomainWithoutAffinityIsJustTheCoordinator()
    {
        TopologyPlan plan = TopologyPlanner.Plan(Machine(0, [(1, 0), (0, 0)], [R(0, 0x9FC00), R(1 * MiB, 128 * MiB)]), Minimum);
        KernelGrant k0 = Assert.Single(plan.Kernels);
        Assert.Equal(0, k0.KernelId);
        Assert.Equal(0, k0.Domain);
        Assert.Equal([0UL, 1UL], k0.Cpus);
        AssertMemory(k0, R(0, 0x9F000), R(1 * MiB, 128 * MiB));    // the partial page below 640 KiB is not granted
        Assert.Equal(0x9F000 + 127 * MiB, k0.MemoryBytes);
        Assert.Empty(plan.Notes);
    }

    [Fact]
    public void TwoNodesAsQemuDescribesThemWithNodeZeroSplitAt640KiB()
    {
        // The SRAT QEMU writes for numa2: node 0 is [0, 640 KiB) and [1 MiB, 64 MiB), node 1 the rest; the boot
        // bundle sits at the top of RAM, so in node 1.
        TopologyPlan plan = TopologyPlanner.Plan(Machine(0, [(0, 0), (1, 1)],
            [R(0, 0x9FC00), R(1 * MiB, 128 * MiB - 128 * KiB)],
            [D(0, 0xA0000, 0), D(1 * MiB, 64 * MiB, 0), D(64 * MiB, 128 * MiB, 1)],
            [R(120 * MiB, 120 * MiB + 0x2345)]), Minimum);
        Assert.Equal(2, plan.Kernels.Count);
        KernelGrant k0 = plan.Kernels[0], k1 = plan.Kernels[1];
        Assert.Equal([0UL], k0.Cpus);
        AssertMemory(k0, R(0, 0x9F000), R(1 * MiB, 64 * MiB));
        Assert.Equal(1, k1.KernelId);
        Assert.Equal(1, k1.Domain);
        Assert.Equal([1UL], k1.Cpus);
        // The bundle's last page is partly reserved: the grant resumes at the next whole page.
        AssertMemory(k1, R(64 * MiB, 120 * MiB), R(120 * MiB + 0x3000, 128 * MiB - 128 * KiB));
        Assert.Empty(plan.Notes);
    }

    [Fact]
    public void FourNodesGiveFourKernelsInDomainOrder()
    {
        var cpus = new (ulong, int)[] { (3, 3), (1, 1), (0, 0), (2, 2) };
        var affinity = new DomainRange[4];
        for (int d = 0; d < 4; d++) affinity[d] = D((ulong)d * 256 * MiB, (ulong)(d + 1) * 256 * MiB, d);
        TopologyPlan plan = TopologyPlanner.Plan(Machine(0, cpus, [R(0, 1 * GiB)], affinity), Minimum);
        Assert.Equal(4, plan.Kernels.Count);
        for (int k = 0; k < 4; k++)
        {
            Assert.Equal(k, plan.Kernels[k].KernelId);
            Assert.Equal(k, plan.Kernels[k].Domain);
            Assert.Equal([(ulong)k], plan.Kernels[k].Cpus);
            AssertMemory(plan.Kernels[k], R((ulong)k * 256 * MiB, (ulong)(k + 1) * 256 * MiB));
        }
    }

    [Fact]
    public void MemorylessNodeFoldsItsCpusIntoTheCoordinator()
    {
        TopologyPlan plan = TopologyPlanner.Plan(Machine(0, [(0, 0), (1, 1), (2, 2)], [R(1 * MiB, 256 * MiB)],
            [D(1 * MiB, 128 * MiB, 0), D(128 * MiB, 256 * MiB, 2)]), Minimum);
        Assert.Equal(2, plan.Kernels.Count);
        Assert.Equal([0UL, 1UL], plan.Kernels[0].Cpus);
        Assert.Equal(2, plan.Kernels[1].Domain);
        Assert.Equal([2UL], plan.Kernels[1].Cpus);
        Assert.Equal("domain 1 has CPU 0x1 but no grantable memory: its CPUs join k0", Assert.Single(plan.Notes));
    }

    [Fact]
    public void NonContiguousApicIdsAndABootCpuThatIsNotTheLowest()
    {
        TopologyPlan plan = TopologyPlanner.Plan(Machine(2, [(6, 1), (2, 0), (4, 1), (0, 0)], [R(1 * MiB, 512 * MiB)],
            [D(0, 256 * MiB, 0), D(256 * MiB, 512 * MiB, 1)]), Minimum);
        Assert.Equal([2UL, 0UL], plan.Kernels[0].Cpus);     // the coordinator keeps running where it booted
        Assert.Equal([4UL, 6UL], plan.Kernels[1].Cpus);
    }

    [Fact]
    public void HotplugRangesOutsideTheMemoryMapGrantNothing()
    {
        // Domain 1 has RAM and a hotplug window above 4 GiB; domain 2 is only a hotplug window.
        TopologyPlan plan = TopologyPlanner.Plan(Machine(0, [(0, 0), (1, 1), (2, 2)], [R(1 * MiB, 256 * MiB)],
            [D(0, 128 * MiB, 0), D(128 * MiB, 256 * MiB, 1), D(4 * GiB, 8 * GiB, 1), D(8 * GiB, 16 * GiB, 2)]), Minimum);
        Assert.Equal(2, plan.Kernels.Count);
        AssertMemory(plan.Kernels[1], R(128 * MiB, 256 * MiB));
        Assert.Equal([0UL, 2UL], plan.Kernels[0].Cpus);
        Assert.Equal("domain 2 has CPU 0x2 but no grantable memory: its CPUs join k0", Assert.Single(plan.Notes));
    }

    [Fact]
    public void MoreDomainsThanCpusGiveMemoryOnlyDomainsToTheCoordinator()
    {
        var affinity = new DomainRange[4];
        for (int d = 0; d < 4; d++) affinity[d] = D((ulong)d * 64 * MiB, (ulong)(d + 1) * 64 * MiB, d);
        TopologyPlan plan = TopologyPlanner.Plan(Machine(0, [(0, 0), (1, 1)], [R(0, 256 * MiB)], affinity), Minimum);
        Assert.Equal(2, plan.Kernels.Count);
        AssertMemory(plan.Kernels[0], R(0, 64 * MiB), R(128 * MiB, 256 * MiB));
        AssertMemory(plan.Kernels[1], R(64 * MiB, 128 * MiB));
        Assert.Equal(["domain 2 has 64 MiB of memory but no CPUs: its memory joins k0",
            "domain 3 has 64 MiB of memory but no CPUs: its memory joins k0"], plan.Notes);
    }

    [Fact]
    public void DomainBelowTheMinimumIsFoldedWithItsMemory()
    {
        TopologyPlan plan = TopologyPlanner.Plan(Machine(0, [(0, 0), (1, 1), (2, 1)], [R(0, 144 * MiB)],
            [D(0, 128 * MiB, 0), D(128 * MiB, 144 * MiB, 1)]), Minimum);
        KernelGrant k0 = Assert.Single(plan.Kernels);
        Assert.Equal([0UL, 1UL, 2UL], k0.Cpus);
        AssertMemory(k0, R(0, 144 * MiB));      // its own memory and the folded domain's, merged
        Assert.Equal("domain 1 has CPUs 0x1, 0x2 but only 16 MiB of grantable memory, below the satellite minimum of 32 MiB: its CPUs join k0",
            Assert.Single(plan.Notes));
    }

    [Fact]
    public void MemoryNoRangeNamesIsDomainZero()
    {
        // Boot CPU in domain 1: the coordinator is domain 1; unnamed memory makes domain 0 a satellite.
        TopologyPlan plan = TopologyPlanner.Plan(Machine(1, [(0, 0), (1, 1)], [R(0, 256 * MiB)],
            [D(128 * MiB, 256 * MiB, 1)]), Minimum);
        Assert.Equal(1, plan.Kernels[0].Domain);
        Assert.Equal([1UL], plan.Kernels[0].Cpus);
        AssertMemory(plan.Kernels[0], R(128 * MiB, 256 * MiB));
        Assert.Equal(0, plan.Kernels[1].Domain);
        Assert.Equal([0UL], plan.Kernels[1].Cpus);
        AssertMemory(plan.Kernels[1], R(0, 128 * MiB));
    }

    [Fact]
    public void DomainBoundaryInsideAPageGivesThatPageToNeither()
    {
        ulong boundary = 64 * MiB + 0x800;
        TopologyPlan plan = TopologyPlanner.Plan(Machine(0, [(0, 0), (1, 1)], [R(0, 128 * MiB)],
            [D(0, boundary, 0), D(boundary, 128 * MiB, 1)]), Minimum);
        AssertMemory(plan.Kernels[0], R(0, 64 * MiB));
        AssertMemory(plan.Kernels[1], R(64 * MiB + Page, 128 * MiB));
    }

    [Fact]
    public void UnsortedAndOverlappingInputsAreNormalised()
    {
        TopologyPlan plan = TopologyPlanner.Plan(Machine(0, [(1, 1), (0, 0)],
            [R(64 * MiB, 128 * MiB), R(1 * MiB, 32 * MiB), R(32 * MiB, 64 * MiB)],
            [D(64 * MiB, 128 * MiB, 1), D(0, 48 * MiB, 0), D(32 * MiB, 64 * MiB, 0), D(100 * MiB, 110 * MiB, 1)],
            [R(10 * MiB, 12 * MiB), R(11 * MiB, 13 * MiB), R(100 * MiB, 100 * MiB + 1), R(5 * MiB, 5 * MiB)]), Minimum);
        AssertMemory(plan.Kernels[0], R(1 * MiB, 10 * MiB), R(13 * MiB, 64 * MiB));
        AssertMemory(plan.Kernels[1], R(64 * MiB, 100 * MiB), R(100 * MiB + Page, 128 * MiB));
    }

    [Fact]
    public void ZeroMinimumStillNeedsAPage()
    {
        TopologyPlan plan = TopologyPlanner.Plan(Machine(0, [(0, 0), (1, 1)], [R(0, 64 * MiB + 0x800)],
            [D(0, 64 * MiB, 0), D(64 * MiB, 65 * MiB, 1)]), 0);
        Assert.Single(plan.Kernels);
        Assert.Contains("domain 1 has CPU 0x1 but no grantable memory", Assert.Single(plan.Notes));
    }

    public static TheoryData<string, string> Contradictions => new()
    {
        { "no CPUs", "the machine description names no CPUs" },
        { "boot CPU missing", "the boot CPU 0x7 is not among the machine's CPUs (CPUs 0x0, 0x1)" },
        { "CPU twice", "CPU 0x1 is listed twice" },
        { "negative CPU domain", "CPU 0x1 has a negative domain (-1)" },
        { "usable overlap", "usable memory: ranges [0x100000, 0x4000000) and [0x3fff000, 0x8000000) overlap" },
        { "usable overflow", "usable memory: range at 0xfffffffffffff000 of length 0x2000 runs past the end of the address space" },
        { "affinity overlap", "affinity: [0x0, 0x4000000) of domain 0 and [0x3000000, 0x8000000) of domain 1 overlap" },
        { "negative affinity domain", "affinity: range [0x0, 0x4000000) has a negative domain (-2)" },
        { "reserved overflow", "reserved memory: range at 0xffffffffffffffff of length 0x2 runs past the end of the address space" },
        { "coordinator without memory", "the coordinator (domain 0, boot CPU 0x0) would have no memory: every grantable page is in a satellite's domain" },
        { "null list", "usable memory: the list is missing" },
    };

    [Theory]
    [MemberData(nameof(Contradictions))]
    public void ContradictionsAreRefusedWithAClearMessage(string what, string message)
    {
        MachineDescription machine = Machine(0, [(0, 0), (1, 1)], [R(1 * MiB, 128 * MiB)],
            [D(0, 64 * MiB, 0), D(64 * MiB, 128 * MiB, 1)]);
        switch (what)
        {
            case "no CPUs": machine.Cpus.Clear(); break;
            case "boot CPU missing": machine.BootCpu = 7; break;
            case "CPU twice": machine.Cpus.Add(new ProcessorEntry(1, 0)); break;
            case "negative CPU domain": machine.Cpus[1] = new ProcessorEntry(1, -1); break;
            case "usable overlap": machine.Usable = [R(1 * MiB, 64 * MiB), R(64 * MiB - Page, 128 * MiB)]; break;
            case "usable overflow": machine.Usable.Add(new PhysicalRange(ulong.MaxValue - Page + 1, 2 * Page)); break;
            case "affinity overlap": machine.Affinity = [D(0, 64 * MiB, 0), D(48 * MiB, 128 * MiB, 1)]; break;
            case "negative affinity domain": machine.Affinity[0] = D(0, 64 * MiB, -2); break;
            case "reserved overflow": machine.Reserved.Add(new PhysicalRange(ulong.MaxValue, 2)); break;
            case "coordinator without memory": machine.Affinity = [D(0, 128 * MiB, 1)]; break;
            case "null list": machine.Usable = null; break;
        }
        var e = Assert.Throws<TopologyException>(() => TopologyPlanner.Plan(machine, Minimum));
        Assert.Equal("topology: " + message, e.Message);
    }

    [Fact]
    public void NullMachineIsRefused()
        => Assert.Equal("topology: no machine description", Assert.Throws<TopologyException>(() => TopologyPlanner.Plan(null, Minimum)).Message);

    [Fact]
    public void RandomMachinesGiveEveryCpuAndEveryWholePageOneOwner()
    {
        var random = new Random(12);
        for (int round = 0; round < 2000; round++)
        {
            MachineDescription machine = RandomMachine(random);
            TopologyPlan plan;
            try { plan = TopologyPlanner.Plan(machine, (ulong)random.Next(0, 64) * Page); }
            catch (TopologyException e)
            {
                Assert.Contains("would have no memory", e.Message);     // the one refusal a consistent machine can earn
                continue;
            }
            CheckPlan(machine, plan);
        }
    }

    private static MachineDescription RandomMachine(Random random)
    {
        int domains = random.Next(1, 6);
        var cpus = new List<(ulong, int)>();
        int cpuCount = random.Next(1, 9);
        ulong id = (ulong)random.Next(0, 3);
        for (int i = 0; i < cpuCount; i++, id += (ulong)random.Next(1, 4)) cpus.Add((id, random.Next(0, domains)));
        var usable = new List<PhysicalRange>();
        ulong at = (ulong)random.Next(0, 16) * 0x1000 + (ulong)random.Next(0, 2) * 0x800;
        for (int i = random.Next(1, 5); i > 0; i--)
        {
            ulong length = (ulong)random.Next(1, 4096) * 0x400;
            usable.Add(new PhysicalRange(at, length));
            at += length + (ulong)random.Next(0, 64) * 0x400;
        }
        var affinity = new List<DomainRange>();
        ulong cut = 0;
        while (cut < at)
        {
            ulong length = (ulong)random.Next(1, 2048) * 0x800;
            if (random.Next(4) != 0) affinity.Add(new DomainRange(cut, length, random.Next(0, domains)));
            cut += length;
        }
        var reserved = new List<PhysicalRange>();
        for (int i = random.Next(0, 4); i > 0; i--)
            reserved.Add(new PhysicalRange((ulong)random.NextInt64(0, (long)at), (ulong)random.Next(1, 64) * 0x300));
        var machine = new MachineDescription { BootCpu = cpus[random.Next(cpus.Count)].Item1 };
        foreach ((ulong cpu, int domain) in cpus) machine.Cpus.Add(new ProcessorEntry(cpu, domain));
        // Inputs in any order.
        machine.Usable.AddRange(usable.OrderBy(_ => random.Next()));
        machine.Affinity.AddRange(affinity.OrderBy(_ => random.Next()));
        machine.Reserved.AddRange(reserved);
        return machine;
    }

    // Page-by-page: each CPU belongs to one kernel of its domain or to k0; every page granted is usable, unreserved
    // and in its kernel's domain (or the kernel is k0); every whole page wholly in one domain is granted.
    private static void CheckPlan(MachineDescription machine, TopologyPlan plan)
    {
        Assert.Equal(machine.BootCpu, plan.Kernels[0].Cpus[0]);
        var owners = new Dictionary<ulong, int>();
        for (int k = 0; k < plan.Kernels.Count; k++)
        {
            KernelGrant grant = plan.Kernels[k];
            Assert.Equal(k, grant.KernelId);
            if (k > 1) Assert.True(plan.Kernels[k - 1].Domain < grant.Domain);
            Assert.NotEmpty(grant.Cpus);
            Assert.NotEmpty(grant.Memory);
            foreach (ulong cpu in grant.Cpus)
            {
                owners.Add(cpu, k);
                if (k > 0) Assert.Equal(grant.Domain, machine.Cpus.Single(c => c.HardwareId == cpu).Domain);
            }
            if (k > 0) Assert.Equal(grant.Cpus.Order(), grant.Cpus);
            for (int i = 0; i < grant.Memory.Count; i++)
            {
                Assert.Equal(0UL, grant.Memory[i].Start % Page);
                Assert.Equal(0UL, grant.Memory[i].Length % Page);
                if (i > 0) Assert.True(grant.Memory[i - 1].End < grant.Memory[i].Start);
            }
        }
        Assert.Equal(machine.Cpus.Count, owners.Count);

        var pageOwner = new Dictionary<ulong, int>();
        for (int k = 0; k < plan.Kernels.Count; k++)
            foreach (PhysicalRange range in plan.Kernels[k].Memory)
                for (ulong page = range.Start; page < range.End; page += Page) pageOwner.Add(page, k);
        ulong top = machine.Usable.Max(r => r.End);
        for (ulong page = 0; page + Page <= top; page += Page)
        {
            bool usable = true;    // every KiB of it (the random ranges are whole KiBs), so adjacent ranges count
            for (ulong b = page; b < page + Page; b += 0x400) usable &= machine.Usable.Any(r => r.Start <= b && b < r.End);
            bool reserved = machine.Reserved.Any(r => r.Start < page + Page && page < r.End);
            var domains = new HashSet<int>();
            for (ulong b = page; b < page + Page; b += 0x400)
            {
                DomainRange[] named = machine.Affinity.Where(a => a.Start <= b && b < a.End).ToArray();
                domains.Add(named.Length == 0 ? 0 : named[0].Domain);
            }
            bool granted = pageOwner.TryGetValue(page, out int owner);
            if (!usable || reserved)
            {
                Assert.False(granted, $"page 0x{page:x} is granted but not usable or reserved");
                continue;
            }
            int kernelOfDomain(int d) => plan.Kernels.FindIndex(g => g.KernelId > 0 && g.Domain == d) is int i and > 0 ? i : 0;
            var kernels = domains.Select(kernelOfDomain).Distinct().ToArray();
            if (kernels.Length == 1)
            {
                Assert.True(granted, $"page 0x{page:x} is owned by no kernel");
                Assert.Equal(kernels[0], owner);
            }
            else Assert.False(granted, $"page 0x{page:x} straddles two kernels' domains but is granted");
        }
    }
}
