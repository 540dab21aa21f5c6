// The image build is incremental and misses nothing: a build with nothing changed runs no image step, and each kind
// of change (a kernel source, an assembly file added or deleted, the build tool's library, the assembler, the linker,
// ilc's options, the configuration) reruns exactly the steps that depend on it, for the ISAs it concerns. (Editing
// the build's own .props/.targets recompiles every assembly, as MSBuild does for any project file, so flags are
// changed here through the properties users set.) All of it happens in an isolated copy of the tree
// (IsolatedCheckout); the tests run alone, after those that boot.
using Helios.Tooling.Elf;
using Xunit;

namespace Helios.Tests.Build;

[CollectionDefinition(nameof(BuildCollection), DisableParallelization = true)]
public class BuildCollection;

[Collection(nameof(BuildCollection))]
public class IncrementalBuildTests : IClassFixture<IsolatedCheckout>
{
    private static readonly string[] Images = ["helios-kernel", "helios-kernel-tests"];

    private readonly IsolatedCheckout _tree;

    public IncrementalBuildTests(IsolatedCheckout tree) { _tree = tree; }

    // Builds whatever an earlier test left changed, so that each test starts from an up-to-date tree.
    private void Settle()
    {
        BuildResult settled = _tree.Build();
        Assert.True(settled.ExitCode == 0, settled.Describe());
    }

    private BuildResult BuildAfterChange(params string[] arguments)
    {
        BuildResult result = _tree.Build(arguments);
        Assert.True(result.ExitCode == 0, result.Describe());
        return result;
    }

    private static void AssertOnlyIsa(BuildResult result, string isa)
        => Assert.True(result.Steps.All(s => s.StartsWith($"helios: [{isa}]", StringComparison.Ordinal)), "steps for another ISA ran: " + result.Describe());

    private static void AssertNoStep(BuildResult result, string step)
        => Assert.True(!result.Steps.Any(s => s.Contains(step, StringComparison.Ordinal)), $"'{step}' ran: " + result.Describe());

    private static void AssertSteps(BuildResult result, string isa, string step)
    {
        foreach (string image in Images)
            Assert.True(result.Steps.Contains($"helios: [{isa}] {image}: {step}"), $"{image} on {isa} did not run '{step}': " + result.Describe());
    }

    private void Edit(string relativePath, string from, string to)
    {
        string path = _tree.PathOf(relativePath);
        string text = File.ReadAllText(path);
        Assert.Contains(from, text);
        File.WriteAllText(path, text.Replace(from, to));
    }

    [Fact]
    public void ANoOpBuildRunsNoStep()
    {
        Settle();
        BuildResult result = _tree.Build();
        Assert.True(result.ExitCode == 0 && result.Steps.Count == 0, "a second build ran image steps: " + result.Describe());
    }

    [Fact]
    public void TouchingAKernelFileRebuildsOnlyTheImagesThatContainIt()
    {
        Settle();
        string runtime = _tree.PathOf("artifacts", "bin", "Helios.Runtime", "debug", "Helios.Runtime.dll");
        DateTime runtimeBefore = File.GetLastWriteTimeUtc(runtime);
        File.SetLastWriteTimeUtc(_tree.PathOf("src", "Kernel", "Banner.cs"), DateTime.UtcNow);

        BuildResult result = BuildAfterChange();
        foreach (string isa in new[] { "x86_64", "arm64" })
            AssertSteps(result, isa, "ilc");
        AssertNoStep(result, ": as ");
        Assert.Equal(runtimeBefore, File.GetLastWriteTimeUtc(runtime));
    }

    [Fact]
    public void AddingOrDeletingAnAssemblyFileRelinksThatIsaOnly()
    {
        Settle();
        string probe = _tree.PathOf("src", "Kernel", "Arch", "Arm64", "BuildProbe.S");
        File.WriteAllText(probe, "        .text\n        .globl helios_build_probe\nhelios_build_probe:\n        ret\n");

        BuildResult added = BuildAfterChange();
        Assert.Contains("helios: [arm64] Helios.Kernel: as BuildProbe.S", added.Steps);
        AssertSteps(added, "arm64", "link");
        AssertOnlyIsa(added, "arm64");
        AssertNoStep(added, ": ilc");
        Assert.NotNull(ArmImageSymbol("helios_build_probe"));

        File.Delete(probe);
        BuildResult deleted = BuildAfterChange();
        AssertSteps(deleted, "arm64", "link");
        AssertOnlyIsa(deleted, "arm64");
        AssertNoStep(deleted, ": ilc");
        AssertNoStep(deleted, ": as ");
        Assert.Null(ArmImageSymbol("helios_build_probe"));
    }

    private ElfSymbol ArmImageSymbol(string name)
        => ElfFile.Read(_tree.PathOf("artifacts", "images", "debug", "arm64", "helios-kernel.elf")).FindSymbol(name);

    [Fact]
    public void ChangingTheBuildToolsLibraryRerunsTheSymbolsStep()
    {
        Settle();
        // A change inside a method body: Helios.Tooling's reference assembly stays the same, so Helios.BuildTool.dll is
        // not recompiled; only Helios.Tooling.dll changes.
        Edit("build/Helios.Tooling/Elf/ElfFile.cs", ": not an ELF file\")", ": not an ELF file (build probe)\")");

        BuildResult result = BuildAfterChange();
        foreach (string isa in new[] { "x86_64", "arm64" })
            AssertSteps(result, isa, "symbols");
        AssertNoStep(result, ": ilc");
        AssertNoStep(result, ": link");
    }

    [Fact]
    public void ChangingAnIsasAssemblerReassemblesAndRelinksThatIsaOnly()
    {
        Settle();
        BuildResult result = BuildAfterChange("-p:HeliosCc_arm64=aarch64-linux-gnu-gcc -g0");
        Assert.Contains("helios: [arm64] Helios.Runtime: as WriteBarriers.S", result.Steps);
        Assert.Contains("helios: [arm64] Helios.Kernel: as Boot.S", result.Steps);
        AssertSteps(result, "arm64", "link");
        AssertOnlyIsa(result, "arm64");
        AssertNoStep(result, ": ilc");
    }

    [Fact]
    public void ChangingTheLinkerRelinksWithoutRecompiling()
    {
        Settle();
        // The same lld by its full path: a different command, so both ISAs relink; nothing is recompiled.
        string lld = (Environment.GetEnvironmentVariable("PATH") ?? "").Split(':').Select(d => Path.Combine(d, "ld.lld")).First(File.Exists);
        BuildResult result = BuildAfterChange($"-p:HeliosLld={lld}");
        foreach (string isa in new[] { "x86_64", "arm64" })
            AssertSteps(result, isa, "link");
        AssertNoStep(result, ": ilc");
        AssertNoStep(result, ": as ");
        Assert.Contains(lld, File.ReadAllText(_tree.PathOf("artifacts", "obj", "Helios.Kernel", "debug", "image", "arm64", "helios-kernel.link.cmd")));
    }

    [Fact]
    public void ChangingTheIlcOptionsRecompilesTheImagesOnly()
    {
        Settle();
        BuildResult result = BuildAfterChange("-p:HeliosIlcOptions=--feature:Helios.BuildProbe=true");
        foreach (string isa in new[] { "x86_64", "arm64" })
            AssertSteps(result, isa, "ilc");
        AssertNoStep(result, ": as ");
        string rsp = File.ReadAllText(_tree.PathOf("artifacts", "obj", "Helios.Kernel", "debug", "image", "arm64", "helios-kernel.ilc.rsp"));
        Assert.Contains("--feature:Helios.BuildProbe=true", rsp);
    }

    [Fact]
    public void EachConfigurationHasItsOwnImages()
    {
        Settle();
        string debugImage = _tree.PathOf("artifacts", "images", "debug", "x86_64", "helios-kernel.elf");
        DateTime debugBefore = File.GetLastWriteTimeUtc(debugImage);

        // The kernel image alone: the test image would only take longer.
        BuildResult release = _tree.BuildProject(Path.Combine("src", "Kernel", "Helios.Kernel.csproj"), "-c", "Release");
        Assert.True(release.ExitCode == 0, release.Describe());
        foreach (string isa in new[] { "x86_64", "arm64" })
            Assert.Contains($"helios: [{isa}] helios-kernel: image {_tree.PathOf("artifacts", "images", "release", isa, "helios-kernel.elf")}", release.Steps);
        Assert.Equal(debugBefore, File.GetLastWriteTimeUtc(debugImage));

        // Back to Debug: its images are still up to date, and still its own.
        BuildResult debug = _tree.Build();
        Assert.True(debug.ExitCode == 0 && debug.Steps.Count == 0, "the Debug build after a Release one ran steps: " + debug.Describe());
        Assert.Equal(debugBefore, File.GetLastWriteTimeUtc(debugImage));
    }
}
