// The boot bundle (src/Kernel/Boot/BootBundle.cs, compiled here unchanged): the build's bundle of each ISA lists every
// app's image and manifest and init.conf; a malformed archive is refused with where and what, nothing else.
using Helios.Kernel.Boot;
using Helios.Tooling;
using Xunit;

namespace Helios.Tests.Processes;

public class BootBundleTests
{
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void TheBuiltBundleHoldsEveryAppAndInitConf(string isa)
    {
        byte[] bundle = File.ReadAllBytes(TestData.Repo.Bundle(TestData.Configuration, IsaNames.Parse(isa)));
        List<BundleFile> files = BootBundle.Read(bundle);
        foreach (string app in new[] { "hello", "crash" })
        {
            Assert.NotNull(BootBundle.Find(files, $"apps/{app}.elf"));
            Assert.NotNull(BootBundle.Find(files, $"apps/{app}.manifest"));
        }
        Assert.NotNull(BootBundle.Find(files, "init.conf"));
        BundleFile hello = BootBundle.Find(files, "apps/hello.elf")!.Value;
        Assert.Equal(0x7F, bundle[hello.Offset]);
    }

    [Fact]
    public void AMalformedBundleIsRefusedWithWhereAndWhat()
    {
        Assert.Contains("offset 0: an entry header is cut short", Assert.Throws<BootInfoException>(() => BootBundle.Read(new byte[10])).Message);
        Assert.Contains("offset 0: not a cpio \"newc\" entry", Assert.Throws<BootInfoException>(() => BootBundle.Read(new byte[200])).Message);

        byte[] bundle = File.ReadAllBytes(TestData.Repo.Bundle(TestData.Configuration, Isa.X86_64));
        Assert.Contains("runs past the end", Assert.Throws<BootInfoException>(() => BootBundle.Read(bundle.AsSpan(0, bundle.Length / 2))).Message);
        Assert.Contains("no trailer", Assert.Throws<BootInfoException>(() => BootBundle.Read(bundle.AsSpan(0, bundle.Length - 124))).Message);

        var random = new Random(99);
        for (int i = 0; i < 2000; i++)
        {
            byte[] copy = (byte[])bundle.Clone();
            copy[random.Next(Math.Min(copy.Length, 4096))] = (byte)random.Next(256);
            try
            {
                BootBundle.Read(copy);
            }
            catch (BootInfoException e)
            {
                Assert.StartsWith("boot bundle, offset ", e.Message);
            }
        }
    }
}
