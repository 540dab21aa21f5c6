// The lines the in-kernel test runner prints and the host harness parses (build/Helios.Tooling compiles this file
// too). One event per line:
//   HTEST plan <count>
//   HTEST expect <name> <expected panic text>      (before "run", for a test that must end in a panic)
//   HTEST run <name>
//   HTEST pass <name> <ticks>                      (of the ISA's free-running counter: TSC, CNTVCT)
//   HTEST fail <name> <message>                    (on one line: OneLine)
//   HTEST deferred <name> <expected panic text>     (a test that needs a boot of its own)
//   HTEST done <passed> <failed> <deferred>
using System.Text;

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

        /// <summary>A message on one line: a newline becomes the two characters \n and a backslash \\; CRs go.</summary>
        public static string OneLine(string message)
        {
            var line = new StringBuilder();
            foreach (char c in message ?? "")
            {
                if (c == '\\') line.Append("\\\\");
                else if (c == '\n') line.Append("\\n");
                else if (c != '\r') line.Append(c);
            }
            return line.ToString();
        }

        /// <summary>The message OneLine encoded. A backslash before anything else is kept as it is.</summary>
        public static string FromOneLine(string line)
        {
            var message = new StringBuilder();
            for (int i = 0; i < line.Length; i++)
            {
                char c = line[i];
                if (c == '\\' && i + 1 < line.Length && (line[i + 1] == 'n' || line[i + 1] == '\\'))
                {
                    message.Append(line[i + 1] == 'n' ? '\n' : '\\');
                    i++;
                }
                else
                {
                    message.Append(c);
                }
            }
            return message.ToString();
        }

        /// <summary>
        /// The command-line option that selects what a satellite kernel runs (docs/multikernel.md); without it a
        /// satellite runs SatelliteSuite.
        /// </summary>
        public const string SatelliteFilterOption = "satellite.test";

        /// <summary>What every satellite runs by default: the kernel's core, the collector, local channels, processes.</summary>
        public const string SatelliteSuite = "Multikernel.*,Threads.*,Time.*,Waits.*,Gc.*,Collector.*,LocalChannel.*,Process.*";

        /// <summary>Whether name is selected by filter: names or prefixes ending in '*', separated by commas.</summary>
        public static bool Matches(string filter, string name)
        {
            foreach (string one in filter.Split(','))
                if (one.EndsWith('*') ? name.StartsWith(one.Substring(0, one.Length - 1)) : name == one) return true;
            return false;
        }
    }
}
