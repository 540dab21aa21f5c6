// Which Helios figure stands beside which Linux figure: the same work done by each system, measured the same way
// (docs/benchmarking.md). Targets are the ratios Helios aims for (issues 4-6), where one is set.
namespace Helios.Tooling.Bench;

/// <param name="Target">The ratio Helios ÷ Linux (medians) Helios should reach, when there is one: at or under it for a
/// cost per operation, at or over it for a rate (BenchResult.IsRate), where more is better.</param>
public sealed record BenchPair(string Helios, string Linux, double? Target = null);

public static class BenchPairs
{
    public static readonly IReadOnlyList<BenchPair> All =
    [
        new("thread_yield", "sched_yield", 0.25),
        new("waitset_pingpong", "futex_pingpong", 0.45),
        new("abi_call", "getpid", 0.12),
        new("throw_catch_1frame", "throw_catch_1frame"),
        new("throw_catch_10frames", "throw_catch_10frames"),
        new("channel_pingpong_2msg", "pipe_pingpong_1", 0.12),
        // The same between two processes (issue 6's figure is between SIPs).
        new("channel_pingpong_2msg_sip", "pipe_pingpong_1", 0.12),
        new("channel_roundtrip_4096", "pipe_pingpong_4096"),
        new("channel_roundtrip_65536", "pipe_pingpong_65536"),
        new("process_create", "fork_exec_wait", 0.25),
        // Issue 5 names the same figure process_create_exit (create + start + exit).
        new("process_create_exit", "fork_exec_wait", 0.25),
        // The file system benchmark (issue 17): rates, so at least half of Linux's, i.e. within 2x of it.
        new("postmark", "postmark", 0.5),
        new("seq_read_16m", "seq_read_16m", 0.5),
    ];

    /// <summary>The pair a Helios figure belongs to, or null when Linux has nothing to compare it with. A sequential
    /// read of another size (seq_read_1m, from seq-mib=1) pairs with Linux's of the same size, with the 16 MiB target.</summary>
    public static BenchPair? ForHelios(string heliosName)
        => All.FirstOrDefault(p => p.Helios == heliosName)
           ?? (IsSequentialRead(heliosName) ? new BenchPair(heliosName, heliosName, 0.5) : null);

    private static bool IsSequentialRead(string name)
        => name.StartsWith("seq_read_", StringComparison.Ordinal) && name.EndsWith('m') && name.Length > "seq_read_m".Length
           && name["seq_read_".Length..^1].All(char.IsAsciiDigit);
}
