// A failure of the Linux comparison that the user can act on: the message says what happened and what to do.
namespace Helios.Tooling.Bench.Linux;

public sealed class LinuxBenchException(string message) : Exception(message);
