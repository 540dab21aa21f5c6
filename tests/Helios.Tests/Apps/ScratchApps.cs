// A scratch tree outside the checkout set up like src/Apps (the checkout's SDK and package pins, the app SDK), for
// tests that build apps the way a user does. Manifests are written into the scratch tree, not manifests/.
using System.Diagnostics;
using Xunit;

namespace Helios.Tests.Apps;

internal sealed class ScratchApps : IDisposable
{
    public ScratchApps()
    {
        string root = TestData.Repo.Root;
        // Outside the checkout: the SDK leaves sources under artifacts/ out of a build.
        Root = Path.Combine(Path.GetTempPath(), "helios-apps-" + Guid.NewGuid().ToString("n")[..8]);
        Apps = Path.Combine(Root, "Apps");
        Directory.CreateDirectory(Apps);
        File.Copy(Path.Combine(root, "global.json"), Path.Combine(Root, "global.json"));
        File.Copy(Path.Combine(root, "Directory.Packages.props"), Path.Combine(Root, "Directory.Packages.props"));
        File.WriteAllText(Path.Combine(Apps, "Directory.Build.props"), $"""
            <Project>
              <Import Project="{root}/Directory.Build.props" />
              <Import Project="$(HeliosRoot)build/Helios.App.props" />
              <PropertyGroup><HeliosManifest>{Apps}/$(MSBuildProjectName.ToLowerInvariant()).manifest.xml</HeliosManifest></PropertyGroup>
            </Project>
            """);
        File.WriteAllText(Path.Combine(Apps, "Directory.Build.targets"), $"""
            <Project>
              <Import Project="{root}/Directory.Build.targets" />
              <Import Project="$(HeliosRoot)build/Helios.App.targets" />
            </Project>
            """);
    }

    public string Root { get; }

    /// <summary>
    /// Makes a contract library project (build/Helios.ContractLibrary.props) of the given .contract files under
    /// Libraries/name, beside Apps (whose Directory.Build.* would make it an app); returns its project file.
    /// </summary>
    public string MakeContractLibrary(string name, params (string File, string Text)[] contracts)
    {
        string libraries = Path.Combine(Root, "Libraries");
        if (!Directory.Exists(libraries))
        {
            Directory.CreateDirectory(libraries);
            string root = TestData.Repo.Root;
            File.WriteAllText(Path.Combine(libraries, "Directory.Build.props"), $"<Project><Import Project=\"{root}/Directory.Build.props\" /></Project>\n");
            File.WriteAllText(Path.Combine(libraries, "Directory.Build.targets"), $"<Project><Import Project=\"{root}/Directory.Build.targets\" /></Project>\n");
        }
        string project = Path.Combine(libraries, name);
        Directory.CreateDirectory(project);
        File.WriteAllText(Path.Combine(project, name + ".csproj"), """
            <Project Sdk="Microsoft.NET.Sdk">
              <Import Project="$(HeliosRoot)build/Helios.ContractLibrary.props" />
            </Project>
            """);
        foreach ((string file, string text) in contracts) File.WriteAllText(Path.Combine(project, file), text);
        return Path.Combine(project, name + ".csproj");
    }

    /// <summary>Where app projects go (its Directory.Build.* make them Helios apps).</summary>
    public string Apps { get; }

    public void Dispose() => Directory.Delete(Root, recursive: true);

    /// <summary>Runs a program in the checkout; returns its exit code and output.</summary>
    public static (int ExitCode, string Output) Run(string program, params string[] args) => RunIn(TestData.Repo.Root, program, args);

    /// <summary>Runs a program in a folder; returns its exit code and output.</summary>
    public static (int ExitCode, string Output) RunIn(string directory, string program, params string[] args)
        => RunIn(directory, new Dictionary<string, string>(), program, args);

    /// <summary>Runs a program in a folder with these environment variables set; returns its exit code and output.</summary>
    public static (int ExitCode, string Output) RunIn(string directory, IReadOnlyDictionary<string, string> environment, string program, params string[] args)
    {
        var start = new ProcessStartInfo(program) { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = directory };
        foreach (string arg in args) start.ArgumentList.Add(arg);
        foreach ((string name, string value) in environment) start.Environment[name] = value;
        using var process = Process.Start(start)!;
        Task<string> error = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd() + error.Result;
        if (!process.WaitForExit(300_000))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"{program} {string.Join(" ", args)} did not finish in 300 s");
        }
        return (process.ExitCode, output);
    }

    /// <summary>Runs a program in the checkout that must succeed.</summary>
    public static string Succeed(string program, params string[] args) => SucceedIn(TestData.Repo.Root, program, args);

    /// <summary>Runs a program in a folder that must succeed.</summary>
    public static string SucceedIn(string directory, string program, params string[] args)
    {
        (int code, string output) = RunIn(directory, program, args);
        Assert.True(code == 0, $"{program} {string.Join(" ", args)} failed:\n{output}");
        return output;
    }
}
