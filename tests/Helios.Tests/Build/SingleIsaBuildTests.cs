// ./helios build --arch x86_64 passes -p:HeliosIsas=x86_64: the projects then have the assembly, linker scripts and
// image steps of that ISA alone (build/Helios.Bare.props, Helios.Image.targets). Checked on MSBuild's evaluation of an
// app and of the kernel, without building.
using System.Diagnostics;
using System.Text.Json;
using Xunit;

namespace Helios.Tests.Build;

public class SingleIsaBuildTests
{
    private static JsonElement Evaluate(string project, string isas)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = TestData.Repo.Root };
        foreach (string arg in (string[])["msbuild", Path.Combine(TestData.Repo.Root, project), "-getItem:HeliosIsa", "-getItem:HeliosAsm", "-getProperty:HeliosIsas"])
            start.ArgumentList.Add(arg);
        if (isas is not null) start.ArgumentList.Add("-p:HeliosIsas=" + isas);
        using var process = Process.Start(start)!;
        string output = process.StandardOutput.ReadToEnd();
        process.StandardError.ReadToEnd();
        Assert.True(process.WaitForExit(120_000) && process.ExitCode == 0, output);
        return JsonDocument.Parse(output).RootElement;
    }

    private static string[] Isas(JsonElement evaluation, string item)
        => evaluation.GetProperty("Items").GetProperty(item).EnumerateArray()
            .Select(i => i.TryGetProperty("Isa", out JsonElement isa) ? isa.GetString()! : i.GetProperty("Identity").GetString()!)
            .Distinct().Order().ToArray();

    [Theory]
    [InlineData("src/Kernel/Helios.Kernel.csproj")]
    [InlineData("src/Apps/Hello/Hello.csproj")]
    public void BothIsasByDefaultOneWhenAsked(string project)
    {
        JsonElement both = Evaluate(project, null);
        Assert.Equal("x86_64;arm64", both.GetProperty("Properties").GetProperty("HeliosIsas").GetString());
        Assert.Equal(["arm64", "x86_64"], Isas(both, "HeliosIsa"));
        foreach (string isa in (string[])["x86_64", "arm64"])
        {
            JsonElement one = Evaluate(project, isa);
            Assert.Equal([isa], Isas(one, "HeliosIsa"));
            if (project.Contains("Kernel")) Assert.Equal([isa], Isas(one, "HeliosAsm"));
        }
    }
}
