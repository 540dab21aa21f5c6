// Incremental steps: a step is current while its outputs exist and its inputs' digest is the recorded one.
using Helios.Tooling.Bench.Linux;
using Xunit;

namespace Helios.Tests.Bench;

public sealed class BuildStampTests : IDisposable
{
    private readonly string directory = Directory.CreateTempSubdirectory("helios-stamp-").FullName;

    public void Dispose() => Directory.Delete(directory, recursive: true);

    private string PathOf(string name) => Path.Combine(directory, name);

    [Fact]
    public void AStepIsCurrentOnlyAfterItsStampIsWrittenAndWhileItsOutputsExist()
    {
        string output = PathOf("init"), stamp = PathOf("init.stamp");
        string digest = new BuildStamp().Add("flags -O2").Digest();
        Assert.False(BuildStamp.IsCurrent(stamp, digest, output));
        File.WriteAllText(output, "binary");
        Assert.False(BuildStamp.IsCurrent(stamp, digest, output));   // outputs without a stamp: a step that failed half-way
        BuildStamp.Write(stamp, digest);
        Assert.True(BuildStamp.IsCurrent(stamp, digest, output));
        File.Delete(output);
        Assert.False(BuildStamp.IsCurrent(stamp, digest, output));
    }

    [Fact]
    public void AStepThatFailsHalfWayIsNotCurrentEvenWhenItsInputsGoBack()
    {
        string output = PathOf("init"), stamp = PathOf("program.stamp");
        string good = new BuildStamp().Add("source v1").Digest();
        File.WriteAllText(output, "binary v1");
        BuildStamp.Write(stamp, good);
        BuildStamp.Invalidate(stamp);             // the step starts on an edit (v2)...
        File.WriteAllText(output, "half a link");  // ...and dies half-way
        Assert.False(BuildStamp.IsCurrent(stamp, good, output));   // the edit is undone: v1 again, but the output is not v1's
    }

    [Fact]
    public void EditingAnInputChangesTheDigestButTouchingItDoesNot()
    {
        string source = PathOf("getpid.c");
        File.WriteAllText(source, "int main(void) { return 0; }");
        string before = new BuildStamp().AddFile("getpid.c", source).Digest();
        File.SetLastWriteTimeUtc(source, DateTime.UtcNow.AddHours(1));
        Assert.Equal(before, new BuildStamp().AddFile("getpid.c", source).Digest());
        File.WriteAllText(source, "int main(void) { return 1; }");
        Assert.NotEqual(before, new BuildStamp().AddFile("getpid.c", source).Digest());
    }

    [Fact]
    public void BoundariesBetweenInputsCount()
    {
        Assert.NotEqual(new BuildStamp().Add("ab").Add("c").Digest(), new BuildStamp().Add("a").Add("bc").Digest());
        Assert.NotEqual(new BuildStamp().Add("-O2").Digest(), new BuildStamp().Add("-O3").Digest());
    }

    [Fact]
    public void ADifferentDigestIsStale()
    {
        string output = PathOf("vmlinuz"), stamp = PathOf("kernel.stamp");
        File.WriteAllText(output, "kernel");
        BuildStamp.Write(stamp, new BuildStamp().Add("linux-image-6.1.0-56-amd64").Add("6.1.192-2").Digest());
        Assert.False(BuildStamp.IsCurrent(stamp, new BuildStamp().Add("linux-image-6.1.0-57-amd64").Add("6.1.193-1").Digest(), output));
    }
}
