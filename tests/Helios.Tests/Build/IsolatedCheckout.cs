// A copy of the parts of the working tree an image build reads (build logic, sources, the test image), in a temporary
// directory with its own artifacts/, built once. The incremental-build tests touch, add and delete files and change
// flags there, never in the developer's tree.
using System.Diagnostics;
using Helios.Tooling;
using Xunit;

namespace Helios.Tests.Build;

public sealed class IsolatedCheckout : IDisposable
{
    private static readonly string[] Files = ["Directory.Build.props", "Directory.Build.targets", "Directory.Packages.props", "global.json", "Helios.sln"];
    private static readonly string[] Folders = ["build", "src", "manifests", Path.Combine("tests", "Kernel")];

    public IsolatedCheckout()
    {
        Root = Path.Combine(Path.GetTempPath(), "helios-build-test-" + Guid.NewGuid().ToString("N")[..12]);
        Directory.CreateDirectory(Root);
        foreach (string file in Files)
            File.Copy(Path.Combine(TestData.Repo.Root, file), Path.Combine(Root, file));
        try
        {
            foreach (string folder in Folders)
                SourceTree.CopyTree(Path.Combine(TestData.Repo.Root, folder), Path.Combine(Root, folder));
            BuildResult first = Build();
            Assert.True(first.ExitCode == 0, "the first build of the copy failed:\n" + first.Output);
        }
        catch
        {
            Dispose();
            throw;
        }
    }

    public string Root { get; }

    public string PathOf(params string[] parts) => Path.Combine([Root, .. parts]);

    /// <summary>Builds the test image project (and so the kernel image, the runtime and the build tool).</summary>
    public BuildResult Build(params string[] extraArguments) => BuildProject(Path.Combine("tests", "Kernel", "Helios.Kernel.Tests.csproj"), extraArguments);

    public BuildResult BuildProject(string project, params string[] extraArguments)
    {
        var start = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            WorkingDirectory = Root,
        };
        // No node reuse: nothing is left running in a directory that is about to be deleted.
        foreach (string arg in new[] { "build", PathOf(project), "-nologo", "-v:minimal", "-clp:NoSummary", "-nodeReuse:false" })
            start.ArgumentList.Add(arg);
        foreach (string arg in extraArguments) start.ArgumentList.Add(arg);

        using var process = Process.Start(start)!;
        Task<string> stdout = process.StandardOutput.ReadToEndAsync();
        Task<string> stderr = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(TimeSpan.FromMinutes(10)))
        {
            process.Kill(entireProcessTree: true);
            process.WaitForExit();
            return new BuildResult(-1, [], "the build did not finish in 10 minutes\n" + stdout.Result + stderr.Result);
        }
        string output = stdout.Result + stderr.Result;
        var steps = output.Split('\n').Select(l => l.Trim()).Where(l => l.StartsWith("helios: [", StringComparison.Ordinal)).ToList();
        return new BuildResult(process.ExitCode, steps, output);
    }

    public void Dispose()
    {
        try
        {
            Directory.Delete(Root, recursive: true);
        }
        catch (IOException)
        {
            // Left for the system's temporary-file cleaning; nothing of the developer's is in it.
        }
    }
}

/// <summary>A build's exit code, its image steps ("helios: [isa] image: step" lines) and everything it printed.</summary>
public sealed record BuildResult(int ExitCode, List<string> Steps, string Output)
{
    public string Describe() => $"exit code {ExitCode}, steps:\n  " + string.Join("\n  ", Steps) + (ExitCode == 0 ? "" : "\n" + Output);
}
