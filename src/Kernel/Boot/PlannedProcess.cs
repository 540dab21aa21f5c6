// One process the boot configuration asks init to start: its app, its arguments, and how it is expected to end, so
// that a boot whose processes did not end that way fails (./helios boot exits non-zero) instead of passing quietly.
namespace Helios.Kernel.Boot
{
    public sealed class PlannedProcess
    {
        public PlannedProcess(string app, string[] arguments, bool fromRunOption)
        {
            App = app;
            Arguments = arguments;
            FromRunOption = fromRunOption;
        }

        public string App { get; }

        public string[] Arguments { get; }

        /// <summary>Named by run= on the command line (./helios boot --run): the host judges how it ended.</summary>
        public bool FromRunOption { get; }

        /// <summary>Named by serve=: a service the run= apps use, started before them and not waited for.</summary>
        public bool IsService { get; set; }

        /// <summary>The exit code init.conf's "expect=N" allows (0 unless it says otherwise).</summary>
        public int ExpectedExitCode { get; set; }

        /// <summary>init.conf's "expect=killed": the kernel killing it is the point (a fault test).</summary>
        public bool ExpectedKilled { get; set; }

        public bool EndedAsExpected(bool killed, int exitCode) => killed ? ExpectedKilled : !ExpectedKilled && exitCode == ExpectedExitCode;

        /// <summary>"exit code 0", "exit code 4" or "killed": what the configuration expects, for init's report.</summary>
        public string Expected => ExpectedKilled ? "killed" : "exit code " + ExpectedExitCode.ToString();
    }
}
