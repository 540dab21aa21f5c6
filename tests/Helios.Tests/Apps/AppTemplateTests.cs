// `dotnet new helios-app` (build/Templates/helios-app) makes an app that builds for both ISAs and runs as is: the
// template is installed into a private template hive, instantiated in a scratch tree set up like src/Apps, built (its
// manifest written on the way), bundled, and booted on both ISAs.
using Helios.Tooling;
using Helios.Tooling.Qemu;
using Xunit;

namespace Helios.Tests.Apps;

public class AppTemplateTests
{
    [Fact]
    public async Task ANewAppBuildsAndRunsOnBothIsas()
    {
        using var scratch = new ScratchApps();
        string root = TestData.Repo.Root;
        string hive = Path.Combine(scratch.Root, "hive");
        ScratchApps.Succeed("dotnet", "new", "install", Path.Combine(root, "build", "Templates", "helios-app"), "--debug:custom-hive", hive);
        ScratchApps.Succeed("dotnet", "new", "helios-app", "-n", "TemplateProbe", "-o", Path.Combine(scratch.Apps, "TemplateProbe"), "--debug:custom-hive", hive);
        ScratchApps.Succeed("dotnet", "build", Path.Combine(scratch.Apps, "TemplateProbe", "TemplateProbe.csproj"), "-c", TestData.Configuration);
        Assert.True(File.Exists(Path.Combine(scratch.Apps, "templateprobe.manifest.xml")), "the first build writes the manifest");

        foreach (Isa isa in new[] { Isa.X86_64, Isa.Arm64 })
        {
            string images = Path.Combine(TestData.Repo.ImagesDirectory(TestData.Configuration), isa.Name());
            string bundle = Path.Combine(scratch.Root, isa.Name() + ".cpio");
            string blob = Path.Combine(root, "artifacts", "obj", "TemplateProbe", TestData.Configuration.ToLowerInvariant(), "app", "templateprobe.manifest");
            ScratchApps.Succeed("dotnet", TestData.Bin("Helios.BuildTool", "Helios.BuildTool.dll"), "bundle", "--out", bundle,
                "--app", $"templateprobe={Path.Combine(images, "apps", "templateprobe.elf")};{blob}");
            QemuResult run = await QemuRunner.RunAsync(new QemuOptions(isa, TestData.Image(isa, RepoPaths.KernelImage))
            {
                Bundle = bundle,
                KernelArguments = "run=templateprobe arg=one arg=two",
            });
            Assert.True(run.Succeeded, run.Summary + "\n" + string.Join("\n", run.Console));
            Assert.Contains("[templateprobe] Hello from TemplateProbe, with 2 argument(s)!", run.Console);
            Assert.Contains("init: templateprobe (pid 1) exited with code 0", run.Console);
        }
    }
}
