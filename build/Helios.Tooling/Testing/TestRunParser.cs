// Turns the console of a test-image boot into per-test results (the lines are defined by TestProtocol). On a machine of
// several kernels each kernel runs its own selection and its lines are tagged (docs/multikernel.md): its results are
// named after it ("k1:Threads.Yield"), and the run is complete only when every kernel finished its plan.
using Helios.Kernel.Diagnostics;
using Helios.Testing;
using Helios.Tooling.Qemu;

namespace Helios.Tooling.Testing;

public sealed record TestRunReport(IReadOnlyList<InKernelTestResult> Results, int? Planned, bool Completed, QemuResult Run)
{
    /// <summary>Why the run as a whole is not trustworthy, or null: every planned test reported, and the kernel exited.</summary>
    public string? Problem
    {
        get
        {
            if (!Completed) return "the test image did not finish: " + Run.Summary;
            if (Planned is null) return "the test image printed no test plan";
            if (Planned != Results.Count) return $"the test image planned {Planned} tests but reported {Results.Count}";
            return null;
        }
    }
}

public static class TestRunParser
{
    /// <summary>
    /// The results of a boot; kernels is how many kernels the machine has (1: one kernel, results named as they are;
    /// more: every kernel's results named "k&lt;id&gt;:" and each must report its plan and finish).
    /// </summary>
    public static TestRunReport Parse(Isa isa, QemuResult run, int kernels = 1)
    {
        if (kernels <= 1) return Parse(isa, run, run.Console, "");
        var results = new List<InKernelTestResult>();
        int planned = 0;
        bool completed = true;
        string? missing = null;
        for (int k = 0; k < kernels; k++)
        {
            TestRunReport one = Parse(isa, run, QemuResult.KernelLines(run.Console, k), $"k{k}:");
            results.AddRange(one.Results);
            if (one.Planned is int count) planned += count;
            else missing ??= $"k{k}";
            // A satellite's end is its own "done": the machine's exit is k0's.
            completed &= k == 0 ? one.Completed : one.Results.Count == one.Planned && QemuResult.KernelLines(run.Console, k).Any(l => l.StartsWith(TestProtocol.Prefix + TestProtocol.Done, StringComparison.Ordinal));
        }
        return new TestRunReport(results, missing is null ? planned : null, completed, run);
    }

    private static TestRunReport Parse(Isa isa, QemuResult run, IEnumerable<string> lines, string kernel)
    {
        var results = new List<InKernelTestResult>();
        int? planned = null;
        bool done = false;
        string? running = null;
        var expectations = new Dictionary<string, string>();
        foreach (string line in lines)
        {
            if (!line.StartsWith(TestProtocol.Prefix, StringComparison.Ordinal)) continue;
            string[] words = line[TestProtocol.Prefix.Length..].Split(' ', 3);
            string verb = words[0];
            string name = words.Length > 1 ? (words[0] == TestProtocol.Plan || words[0] == TestProtocol.Done ? words[1] : kernel + words[1]) : "";
            string rest = words.Length > 2 ? words[2] : "";
            switch (verb)
            {
                case TestProtocol.Plan when int.TryParse(name, out int count):
                    planned = count;
                    break;
                case TestProtocol.Expect:
                    expectations[name] = rest;
                    break;
                case TestProtocol.Run:
                    running = name;
                    break;
                case TestProtocol.Pass:
                    results.Add(new InKernelTestResult(isa, name, InKernelTestStatus.Passed, "", ulong.TryParse(rest, out ulong ticks) ? ticks : null, null));
                    running = null;
                    break;
                case TestProtocol.Fail:
                    results.Add(new InKernelTestResult(isa, name, InKernelTestStatus.Failed, TestProtocol.FromOneLine(rest), null, expectations.GetValueOrDefault(name)));
                    running = null;
                    break;
                case TestProtocol.Deferred:
                    results.Add(new InKernelTestResult(isa, name, InKernelTestStatus.Deferred, "", null, rest));
                    break;
                case TestProtocol.Done:
                    done = true;
                    break;
            }
        }
        // A test that started and never finished took the kernel down with it: what it should do if it expected a
        // panic (whose line, marker included, must contain the expected text), a crash otherwise.
        if (running is not null)
        {
            if (expectations.TryGetValue(running, out string? expected))
            {
                bool matched = run.Outcome == RunOutcome.Panicked && (HostProtocol.PanicMarker + run.PanicMessage).Contains(expected, StringComparison.Ordinal);
                results.Add(new InKernelTestResult(isa, running, matched ? InKernelTestStatus.Passed : InKernelTestStatus.Failed,
                    matched ? run.PanicMessage ?? "" : $"expected a panic containing \"{expected}\", got " + (run.Outcome == RunOutcome.Panicked ? "a panic: " + run.PanicMessage : run.Summary),
                    null, expected));
            }
            else
            {
                results.Add(new InKernelTestResult(isa, running, InKernelTestStatus.Crashed, Describe(run), null, null));
            }
        }
        // A run is complete when the runner finished, or when it ran a single test that ended in the panic it expected.
        bool completed = (done && run.Outcome == RunOutcome.Exited)
                         || (running is not null && expectations.ContainsKey(running) && results[^1].Passed);
        return new TestRunReport(results, planned, completed, run);
    }

    private static string Describe(QemuResult run) => run.Outcome == RunOutcome.Panicked ? run.PanicReport : run.Summary;
}
