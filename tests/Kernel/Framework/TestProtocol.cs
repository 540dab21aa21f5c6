// The lines the in-kernel test runner prints and the host harness parses (build/Helios.Tooling compiles this file
// too). One event per line:
//   HTEST plan <count>
//   HTEST expect <name> <expected panic text>      (before "run", for a test that must end in a panic)
//   HTEST run <name>
//   HTEST pass <name> <cycles>
//   HTEST fail <name> <message>
//   HTEST deferred <name> <expected panic text>     (a test that needs a boot of its own)
//   HTEST done <passed> <failed> <deferred>
namespace Helios.Testing
{
    public static class TestProtocol
    {
        public const string Prefix = "HTEST ";
        public const string Plan = "plan";
        public const string Run = "run";
        public const string Expect = "expect";
        public const string Pass = "pass";
        public const string Fail = "fail";
        public const string Deferred = "deferred";
        public const string Done = "done";

        /// <summary>The kernel command-line option that selects tests: a name, or a prefix ending in '*'.</summary>
        public const string FilterOption = "test";

        /// <summary>A message on one line: newlines become the two characters \n.</summary>
        public static string OneLine(string message) => (message ?? "").Replace("\r", "").Replace("\n", "\\n");

        public static bool Matches(string filter, string name)
            => filter.EndsWith('*') ? name.StartsWith(filter.Substring(0, filter.Length - 1)) : name == filter;
    }
}
