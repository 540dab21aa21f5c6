// Which Helios figure stands beside which Linux figure: the same work done by each system, measured the same way
// (docs/benchmarking.md). Targets are the ratios Helios aims for (issues 4-6), where one is set.
namespace Helios.Tooling.Bench;

/// <param name="Target">The ratio Helios ÷ Linux (medians) that Helios should stay at or under, when there is one.</param>
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
    ];

    /// <summary>The pair a Helios figure belongs to, or null when Linux has nothing to compare it with.</summary>
    public static BenchPair? ForHelios(string heliosName) => All.FirstOrDefault(p => p.Helios == heliosName);
}
