// PostMark's workload generator (src/Apps/PostMark/PostMarkWorkload.cs), on the host: the same configuration and seed
// give the same steps (the benchmark's figures and the Linux port's work depend on it), and the steps are a valid
// PostMark run: files exist when they are read, appended or deleted, lengths add up, sizes stay within bounds, and
// everything is deleted at the end.
using Helios.Apps.PostMark;
using Xunit;

namespace Helios.Tests.Apps;

public class PostMarkWorkloadTests
{
    private static List<PostMarkStep> Steps(int files, int low, int high, int transactions, ulong seed)
    {
        var workload = new PostMarkWorkload(files, low, high, transactions, seed);
        var steps = new List<PostMarkStep>();
        while (workload.Next(out PostMarkStep step)) steps.Add(step);
        Assert.Equal(PostMarkPhase.Done, workload.Phase);
        Assert.Equal(transactions, workload.TransactionsDone);
        return steps;
    }

    private static (PostMarkOperation, int, int, int) Key(PostMarkStep s) => (s.Operation, s.File, s.Offset, s.Length);

    [Fact]
    public void TheSameSeedGivesTheSameStepsAndAnotherSeedOthers()
    {
        var first = Steps(100, 512, 10000, 500, 42).Select(Key).ToList();
        var again = Steps(100, 512, 10000, 500, 42).Select(Key).ToList();
        var other = Steps(100, 512, 10000, 500, 43).Select(Key).ToList();
        Assert.Equal(first, again);
        Assert.NotEqual(first, other);
    }

    [Fact]
    public void TheDefaultConfigurationDoesWhatThePostMarkAppReportedInTheGuest()
    {
        // The counts the postmark app printed with its defaults (files=100 low=512 high=10000 transactions=500
        // seed=42) on x86_64: the guest's generator is this one.
        List<PostMarkStep> steps = Steps(100, 512, 10000, 500, 42);
        Assert.Equal(344, steps.Count(s => s.Operation == PostMarkOperation.Create));
        Assert.Equal(255, steps.Count(s => s.Operation == PostMarkOperation.Read));
        Assert.Equal(245, steps.Count(s => s.Operation == PostMarkOperation.Append));
        Assert.Equal(344, steps.Count(s => s.Operation == PostMarkOperation.Delete));
    }

    [Theory]
    [InlineData(100, 512, 10000, 500, 42UL)]
    [InlineData(5, 0, 100, 300, 7UL)]     // a small pool that may run dry: steps on no file are skipped
    [InlineData(0, 1, 1, 50, 1UL)]
    public void StepsAreAValidRunThatEndsWithNothingLeft(int files, int low, int high, int transactions, ulong seed)
    {
        var length = new Dictionary<int, int>();
        var everCreated = new HashSet<int>();
        int index = 0;
        foreach (PostMarkStep step in Steps(files, low, high, transactions, seed))
        {
            switch (step.Operation)
            {
                case PostMarkOperation.Create:
                    Assert.True(everCreated.Add(step.File), $"step {index}: file {step.File} created twice");
                    Assert.InRange(step.Length, low, high);
                    length[step.File] = step.Length;
                    break;
                case PostMarkOperation.Read:
                    Assert.True(length.ContainsKey(step.File), $"step {index}: read of a file that does not exist");
                    Assert.Equal(length[step.File], step.Length);
                    break;
                case PostMarkOperation.Append:
                    Assert.True(length.ContainsKey(step.File), $"step {index}: append to a file that does not exist");
                    Assert.Equal(length[step.File], step.Offset);
                    Assert.InRange(step.Length, 0, high);
                    length[step.File] += step.Length;
                    Assert.True(length[step.File] <= high, $"step {index}: file {step.File} grew past {high}");
                    break;
                case PostMarkOperation.Delete:
                    Assert.True(length.Remove(step.File), $"step {index}: delete of a file that does not exist");
                    break;
            }
            index++;
        }
        Assert.Empty(length);
        Assert.True(everCreated.Count >= files);
    }

    [Fact]
    public void ThePatternDoesNotRepeatEvery256Bytes()
    {
        // A block read from the wrong 256-byte-aligned place must not look right.
        int same = Enumerable.Range(0, 4096).Count(o => PostMarkWorkload.Pattern(3, o) == PostMarkWorkload.Pattern(3, o + 256));
        Assert.Equal(0, same);
        Assert.NotEqual(PostMarkWorkload.Pattern(3, 0), PostMarkWorkload.Pattern(4, 0));
    }
}
