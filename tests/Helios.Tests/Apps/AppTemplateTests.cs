// `dotnet new helios-app` (build/Templates/helios-app) makes an app that builds for both ISAs and runs as is: the
// template is installed into a private template hive, instantiated in a scratch tree that is set up like src/Apps,
// built (its manifest written on the way), bundled, and booted on both ISAs.
using System.Diagnostics;
using Helios.Tooling;
using Helios.Tooling.Qemu;
using Xunit;

namespace Helios.Tests.Apps;

public class AppTemplateTests
{
    [Fact]
    public async Task ANewAppBuildsAndRunsOnBothIsas()
    {
        string root = TestData.Repo.Root;
        // Outside the checkout: the SDK leaves sources under artifacts/ out of a build.
        string scratch = Path.Combine(Path.GetTempPath(), "helios-template-" + Guid.NewGuid().ToString("n")[..8]);
        string hive = Path.Combine(scratch, "hive");
        string apps = Path.Combine(scratch, "Apps");
        Directory.CreateDirectory(apps);
        try
        {
            // The checkout's SDK and package pins, and, like src/Apps/Directory.Build.*, the app SDK (the manifest stays
            // in the scratch tree).
            File.Copy(Path.Combine(root, "global.json"), Path.Combine(scratch, "global.json"));
            File.Copy(Path.Combine(root, "Directory.Packages.props"), Path.Combine(scratch, "Directory.Packages.props"));
            File.WriteAllText(Path.Combine(apps, "Directory.Build.props"), $"""
                <Project>
                  <Import Project="{root}/Directory.Build.props" />
                  <Import Project="$(HeliosRoot)build/Helios.App.props" />
                  <PropertyGroup><HeliosManifest>{apps}/$(MSBuildProjectName.ToLowerInvariant()).manifest.xml</HeliosManifest></PropertyGroup>
                </Project>
                """);
            File.WriteAllText(Path.Combine(apps, "Directory.Build.targets"), $"""
                <Project>
                  <Import Project="{root}/Directory.Build.targets" />
                  <Import Project="$(HeliosRoot)build/Helios.App.targets" />
                </Project>
                """);
            Run("dotnet", "new", "install", Path.Combine(root, "build", "Templates", "helios-app"), "--debug:custom-hive", hive);
            Run("dotnet", "new", "helios-app", "-n", "TemplateProbe", "-o", Path.Combine(apps, "TemplateProbe"), "--debug:custom-hive", hive);
            Run("dotnet", "build", Path.Combine(apps, "TemplateProbe", "TemplateProbe.csproj"), "-c", TestData.Configuration);
            Assert.True(File.Exists(Path.Combine(apps, "templateprobe.manifest.xml")), "the first build writes the manifest");

            foreach (Isa isa in new[] { Isa.X86_64, Isa.Arm64 })
            {
                string images = Path.Combine(TestData.Repo.ImagesDirectory(TestData.Configuration), isa.Name());
                string bundle = Path.Combine(scratch, isa.Name() + ".cpio");
                string blob = Path.Combine(root, "artifacts", "obj", "TemplateProbe", TestData.Configuration.ToLowerInvariant(), "app", "templateprobe.manifest");
                Run("dotnet", TestData.Bin("Helios.BuildTool", "Helios.BuildTool.dll"), "bundle", "--out", bundle,
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
        finally
        {
            Directory.Delete(scratch, recursive: true);
        }
    }

    private static void Run(string program, params string[] args)
    {
        var start = new ProcessStartInfo(program) { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = TestData.Repo.Root };
        foreach (string arg in args) start.ArgumentList.Add(arg);
        using var process = Process.Start(start)!;
        Task<string> error = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd() + error.Result;
        if (!process.WaitForExit(300_000))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"{program} {string.Join(" ", args)} did not finish in 300 s");
        }
        Assert.True(process.ExitCode == 0, $"{program} {string.Join(" ", args)} failed:\n{output}");
    }
}
