// Build integration: a project that imports build/Helios.Contracts.targets gets its *.contract files compiled by
// `dotnet build`; a broken contract fails the build with file(line,column): error HLnnnn. The probe project lives
// in a temporary directory outside the repository (whose artifacts/ is excluded from every project's items) and
// names the repository through HeliosRoot.
using System.Diagnostics;
using Helios.Tests.Build;
using Xunit;

namespace Helios.Tests.Contracts;

[Collection(nameof(BuildCollection))]
public class ContractBuildTests
{
    private const string Name = "Helios.ContractBuildProbe";

    private static (int ExitCode, string Output) Build(string project)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = TestData.Repo.Root };
        foreach (string arg in new[] { "build", project, "-nologo", "-v:minimal", "-clp:NoSummary" }) start.ArgumentList.Add(arg);
        using var process = Process.Start(start)!;
        Task<string> stderr = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd() + stderr.Result;
        process.WaitForExit();
        return (process.ExitCode, output);
    }

    [Fact]
    public void TouchingAContractRebuildsTheImagesThatContainIt()
    {
        string tests = Path.Combine(TestData.Repo.Root, "tests", "Kernel", "Helios.Kernel.Tests.csproj");
        Assert.Equal(0, Build(tests).ExitCode);
        File.SetLastWriteTimeUtc(Path.Combine(ContractFiles.Library, "Services", "PingPongContract.contract"), DateTime.UtcNow);
        (int code, string output) = Build(tests);
        Assert.True(code == 0, output);
        var steps = output.Split('\n').Select(l => l.Trim()).Where(l => l.StartsWith("helios: [", StringComparison.Ordinal)).ToList();
        // The contracts library recompiles, so the images that contain it are compiled again: the test image, and the
        // kernel's, which speaks PipeContract (standard pipes).
        foreach (string isa in new[] { "x86_64", "arm64" })
        {
            Assert.Contains($"helios: [{isa}] helios-kernel-tests: ilc", steps);
            Assert.Contains($"helios: [{isa}] helios-kernel: ilc", steps);
        }
    }

    [Fact]
    public void ContractsBuildAndBrokenContractsFailTheBuildAtTheirLine()
    {
        string dir = Directory.CreateTempSubdirectory("helios-contract-probe-").FullName;
        try
        {
            File.WriteAllText(Path.Combine(dir, Name + ".csproj"), $"""
                <Project Sdk="Microsoft.NET.Sdk">
                  <PropertyGroup>
                    <TargetFramework>net10.0</TargetFramework>
                    <HeliosRoot>{TestData.Repo.Root}/</HeliosRoot>
                    <HeliosContractNamespace>Probe.Contracts</HeliosContractNamespace>
                  </PropertyGroup>
                  <Import Project="$(HeliosRoot)build/Helios.Contracts.targets" />
                </Project>
                """);
            File.WriteAllText(Path.Combine(dir, "Uses.cs"), "namespace Probe; public static class Uses { public static ulong Id => Probe.Contracts.Echo.Descriptor.Id; }\n");
            Directory.CreateDirectory(Path.Combine(dir, "Contracts"));
            File.WriteAllText(Path.Combine(dir, "Contracts", "Echo.contract"), "contract Echo {\n  in message Say(char[] in ExHeap text);\n  out message Said();\n  state Start: Say? -> Said! -> Start;\n}\n");
            string project = Path.Combine(dir, Name + ".csproj");

            (int code, string output) = Build(project);
            Assert.True(code == 0, output);
            Assert.True(File.Exists(Path.Combine(dir, "bin", "Debug", "net10.0", Name + ".dll")), output);

            string broken = Path.Combine(dir, "Contracts", "Broken.contract");
            File.WriteAllText(broken, "contract Broken {\n  in message Put(strnig s);\n  state Start: Put? -> Start;\n}\n");
            (code, output) = Build(project);
            Assert.NotEqual(0, code);
            Assert.Contains($"{broken}(2,18): error HL0101: unknown type 'strnig'", output);
        }
        finally
        {
            Directory.Delete(dir, recursive: true);
        }
    }
}
