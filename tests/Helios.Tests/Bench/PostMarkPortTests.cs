// The Linux comparison's PostMark (bench/linux/src/postmark_workload.c) against its definition, the C# generator the
// postmark app runs (src/Apps/PostMark/PostMarkWorkload.cs): compiled on the host with gcc beside a small driver
// (postmark_steps.c here) that prints every step and some pattern bytes, which must equal the C# generator's, step
// for step, for the benchmark's default configuration and for configurations that exercise its corners.
using System.Diagnostics;
using System.Globalization;
using Helios.Apps.PostMark;
using Xunit;

namespace Helios.Tests.Bench;

public class PostMarkPortTests
{
    private static readonly Lazy<string> Driver = new(Compile);

    private static string Compile()
    {
        string source = Path.Combine(TestData.Repo.Root, "bench", "linux", "src");
        string output = Path.Combine(Path.GetTempPath(), $"helios-postmark-steps-{Environment.ProcessId}");
        (int code, string said) = Run("gcc", ["-O2", "-Wall", "-Wextra", "-Werror", "-I", source, "-o", output,
            Path.Combine(TestData.Repo.Root, "tests", "Helios.Tests", "Bench", "postmark_steps.c"), Path.Combine(source, "postmark_workload.c")]);
        Assert.True(code == 0, "gcc: " + said);
        return output;
    }

    private static (int Code, string Output) Run(string program, string[] arguments)
    {
        var start = new ProcessStartInfo(program) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (string argument in arguments) start.ArgumentList.Add(argument);
        using Process process = Process.Start(start)!;
        Task<string> errors = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        return (process.ExitCode, output + errors.Result);
    }

    /// <summary>What the C# generator does, in the driver's format.</summary>
    private static List<string> Expected(int files, int low, int high, int transactions, ulong seed)
    {
        var lines = new List<string>();
        var workload = new PostMarkWorkload(files, low, high, transactions, seed);
        while (workload.Next(out PostMarkStep step))
            lines.Add(string.Create(CultureInfo.InvariantCulture, $"{step.Operation} {step.File} {step.Offset} {step.Length} {(int)workload.Phase}"));
        lines.Add($"transactions {workload.TransactionsDone}");
        for (int file = 0; file < 1000100; file += 333337)
            for (int offset = 0; offset < 70000; offset += 997)
                lines.Add($"pattern {file} {offset} {PostMarkWorkload.Pattern(file, offset)}");
        return lines;
    }

    [Theory]
    [InlineData(100, 512, 10000, 500, 42UL)]       // the benchmark's defaults
    [InlineData(10, 512, 10000, 20, 42UL)]         // the end-to-end tests' small run
    [InlineData(5, 0, 100, 300, 7UL)]              // a pool that runs dry: steps on no file are skipped
    [InlineData(0, 1, 1, 50, 1UL)]
    [InlineData(300, 100, 200000, 2000, 18446744073709551615UL)]   // the largest seed: splitmix64's sum wraps
    public void TheCPortDoesTheSameStepsAsTheCSharpGenerator(int files, int low, int high, int transactions, ulong seed)
    {
        (int code, string output) = Run(Driver.Value, [files.ToString(), low.ToString(), high.ToString(), transactions.ToString(), seed.ToString()]);
        Assert.True(code == 0, output);
        List<string> actual = output.Split('\n', StringSplitOptions.RemoveEmptyEntries).ToList();
        List<string> expected = Expected(files, low, high, transactions, seed);
        Assert.True(expected.Count > 100, "too few lines to compare");
        for (int i = 0; i < Math.Min(expected.Count, actual.Count); i++)
            Assert.True(expected[i] == actual[i], $"line {i + 1}: C# '{expected[i]}', C '{actual[i]}'");
        Assert.Equal(expected.Count, actual.Count);
    }
}
