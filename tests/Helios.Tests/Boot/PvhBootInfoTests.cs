// The x86_64 boot parsers (PVH start info, E820, ACPI RSDP/RSDT/MADT) against memory captured from QEMU q35 boots.
using Helios.Kernel.Boot;
using Helios.Kernel.Boot.Acpi;
using Helios.Kernel.Boot.Pvh;
using Xunit;

namespace Helios.Tests.Boot;

public class PvhBootInfoTests
{
    private static CapturedMemory Capture(string name) => CapturedMemory.Load(TestData.BootCapture(name));

    [Theory]
    [InlineData("x86_64-q35-2cpu-128M", 2, 128)]
    [InlineData("x86_64-q35-4cpu-512M", 4, 512)]
    public void ReadsCpusMemoryAndCommandLine(string capture, int cpus, int memoryMiB)
    {
        CapturedMemory memory = Capture(capture);
        BootInfo boot = PvhBootInfo.Read(memory, memory.BootInformation);
        Assert.Equal("PVH", boot.Protocol);
        Assert.Equal(cpus, boot.CpuCount);
        Assert.Equal("bootinfo.dump capture", boot.CommandLine);
        // Usable RAM is all of it but firmware's areas: low memory below 640 KiB and everything from 1 MiB up to
        // the ACPI tables at the top.
        ulong usable = boot.UsableBytes;
        Assert.InRange(usable, (ulong)(memoryMiB - 2) << 20, (ulong)memoryMiB << 20);
        MemoryRegion low = boot.Memory[0];
        Assert.Equal(0UL, low.Start);
        Assert.Equal(MemoryKind.Usable, low.Kind);
        Assert.Contains(boot.Memory, r => r.Start == 0x100000 && r.Kind == MemoryKind.Usable);
        for (int i = 1; i < boot.Memory.Count; i++) Assert.True(boot.Memory[i - 1].End <= boot.Memory[i].Start);
    }

    [Fact]
    public void StartInfoFields()
    {
        CapturedMemory memory = Capture("x86_64-q35-2cpu-128M");
        PvhStartInfo info = PvhStartInfo.Read(memory, memory.BootInformation);
        Assert.True(info.Version >= 1);
        Assert.NotEqual(0UL, info.CommandLineAddress);
        Assert.NotEqual(0UL, info.MemoryMapAddress);
        Assert.InRange(info.MemoryMapEntries, 3u, 32u);
    }

    [Fact]
    public void AcpiTablesOfQ35()
    {
        CapturedMemory memory = Capture("x86_64-q35-2cpu-128M");
        PvhStartInfo info = PvhStartInfo.Read(memory, memory.BootInformation);
        AcpiTables acpi = AcpiTables.Read(memory, info.RsdpAddress);
        Assert.Equal("BOCHS", acpi.OemId);
        Assert.Equal(0, acpi.Revision);          // q35 gives ACPI 1.0's RSDP with an RSDT
        Assert.Contains("APIC", acpi.Signatures);
        Assert.Contains("FACP", acpi.Signatures);
        Madt madt = Madt.Parse(acpi.Find("APIC"));
        Assert.Equal(0xFEE00000u, madt.LocalApicAddress);
        Assert.Equal(new uint[] { 0, 1 }, madt.Processors.Where(p => p.Enabled).Select(p => p.ApicId));
    }

    [Fact]
    public void WrongMagicIsReported()
    {
        CapturedMemory memory = Capture("x86_64-q35-2cpu-128M");
        CapturedMemory broken = memory.WithBytes(memory.BootInformation, [0xEF, 0xBE, 0xAD, 0xDE]);
        var e = Assert.Throws<BootInfoException>(() => PvhBootInfo.Read(broken, broken.BootInformation));
        Assert.Contains("magic 0xdeadbeef", e.Message);
    }

    [Fact]
    public void CorruptedAcpiChecksumIsReported()
    {
        CapturedMemory memory = Capture("x86_64-q35-2cpu-128M");
        PvhStartInfo info = PvhStartInfo.Read(memory, memory.BootInformation);
        AcpiTables acpi = AcpiTables.Read(memory, info.RsdpAddress);
        ulong madt = acpi.AddressOf("APIC");
        Assert.NotEqual(0UL, madt);
        byte[] header = memory.Read(madt, 40).ToArray();
        CapturedMemory broken = memory.WithBytes(madt + 38, [(byte)(header[38] ^ 0xFF)]);
        var e = Assert.Throws<BootInfoException>(() => AcpiTables.Read(broken, info.RsdpAddress).Find("APIC"));
        Assert.Contains("checksum", e.Message);
    }

    [Fact]
    public void UnreadableMemoryIsReported()
    {
        var e = Assert.Throws<BootInfoException>(() => PvhBootInfo.Read(new CapturedMemory(), 0x1000));
        Assert.Contains("not readable", e.Message);
    }
}
