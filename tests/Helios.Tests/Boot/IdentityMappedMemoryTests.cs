// The kernel's view of physical memory: reads inside the identity-mapped range see the bytes; reads outside it (a bad
// pointer in the boot information) see nothing, so the parsers report malformed boot information instead of faulting.
using Helios.Kernel.Boot;
using Helios.Kernel.Boot.Pvh;
using Xunit;

namespace Helios.Tests.Boot;

public unsafe class IdentityMappedMemoryTests
{
    [Fact]
    public void ReadsInsideTheMappedRange()
    {
        byte[] bytes = [1, 2, 3, 4, 5, 6, 7, 8];
        fixed (byte* p = bytes)
        {
            var memory = new IdentityMappedMemory((ulong)p, (ulong)p + 8);
            Assert.Equal(new byte[] { 3, 4, 5 }, memory.Read((ulong)p + 2, 3).ToArray());
            Assert.Equal(8, memory.Read((ulong)p, 8).Length);
            Assert.Equal(0, memory.Read((ulong)p + 8, 0).Length);
        }
    }

    [Theory]
    [InlineData(0x0FF0UL, 32)]              // starts below
    [InlineData(0x1FF0UL, 32)]              // runs past the end
    [InlineData(0x2000UL, 1)]               // starts at the end
    [InlineData(0x1_0000_0000UL, 36)]       // far above (an XSDT entry above 4 GiB on x86_64)
    [InlineData(0xFFFF_FFFF_FFFF_FFF0UL, 36)] // wraps around
    [InlineData(0x1800UL, -1)]              // negative length
    [InlineData(0UL, 4)]                    // null
    public void ReadsOutsideTheMappedRangeSeeNothing(ulong address, int length)
    {
        var memory = new IdentityMappedMemory(0x1000, 0x2000);
        Assert.True(memory.Read(address, length).IsEmpty);
    }

    // A start_info whose pointers lie beyond the identity map is reported, not followed.
    [Fact]
    public void PointersBeyondTheMapAreReported()
    {
        byte[] startInfo = new byte[PvhStartInfo.Size];
        BitConverter.GetBytes(PvhStartInfo.Magic).CopyTo(startInfo, 0);
        BitConverter.GetBytes(1u).CopyTo(startInfo, 4);                     // version 1: has a memory map
        BitConverter.GetBytes(0x1_2345_0000UL).CopyTo(startInfo, 24);       // command line above 4 GiB
        BitConverter.GetBytes(0x1_2346_0000UL).CopyTo(startInfo, 40);       // memory map above 4 GiB
        BitConverter.GetBytes(3u).CopyTo(startInfo, 48);
        fixed (byte* p = startInfo)
        {
            var memory = new IdentityMappedMemory((ulong)p, (ulong)p + (ulong)startInfo.Length);
            PvhStartInfo info = PvhStartInfo.Read(memory, (ulong)p);
            Assert.Contains("unreadable", Assert.Throws<BootInfoException>(() => info.ReadCommandLine(memory)).Message);
            Assert.Contains("not readable", Assert.Throws<BootInfoException>(() => info.ReadMemoryMap(memory)).Message);
        }
    }
}
