// What init starts, read from the kernel command line or the boot bundle's init.conf. The command line's run=<app>
// words (./helios boot --run) each start an app; the arg=<word> words after a run= are that app's arguments. A
// serve=<app> word (with its arg= words) starts a service the run= apps use (./helios boot --disk: the disk's driver
// and file system), which init does not wait for: it serves until the machine stops. Without
// run=, init.conf: one app per line, then its arguments; blank lines and lines starting with # are skipped; a line
// may start with expect=<exit code> or expect=killed when that is how its process is meant to end (otherwise exit
// code 0), so that the boot still succeeds.
using System.Collections.Generic;

namespace Helios.Kernel.Boot
{
    public static class BootPlan
    {
        /// <summary>The serve= and run= apps of the command line, in order, or null when it names no run= app.</summary>
        public static List<PlannedProcess> FromCommandLine(CommandLine commandLine)
        {
            var plan = new List<PlannedProcess>();
            bool runs = false;
            string app = null;
            bool service = false;
            var arguments = new List<string>();
            foreach (string word in commandLine.Words)
            {
                bool isRun = word.StartsWith("run="), isServe = word.StartsWith("serve=");
                if (isRun || isServe)
                {
                    if (app is not null) plan.Add(new PlannedProcess(app, arguments.ToArray(), fromRunOption: true) { IsService = service });
                    app = word.Substring(isRun ? 4 : 6);
                    service = isServe;
                    runs |= isRun;
                    arguments.Clear();
                }
                else if (word.StartsWith("arg=") && app is not null)
                {
                    arguments.Add(word.Substring(4));
                }
            }
            if (app is not null) plan.Add(new PlannedProcess(app, arguments.ToArray(), fromRunOption: true) { IsService = service });
            return runs ? plan : null;
        }

        /// <summary>init.conf's processes; null with problem ("init.conf:3: ...") when a line is not valid.</summary>
        public static List<PlannedProcess> FromConfiguration(string text, out string problem)
        {
            problem = null;
            var plan = new List<PlannedProcess>();
            string[] lines = text.Split('\n');
            for (int number = 1; number <= lines.Length; number++)
            {
                string trimmed = lines[number - 1].Trim();
                if (trimmed.Length == 0 || trimmed[0] == '#') continue;
                IReadOnlyList<string> words = new CommandLine(trimmed).Words;
                int first = 0;
                bool killed = false;
                int code = 0;
                if (words[0].StartsWith("expect="))
                {
                    string expected = words[0].Substring(7);
                    if (expected == "killed") killed = true;
                    else if (!TryExitCode(expected, out code))
                    {
                        problem = "init.conf:" + number.ToString() + ": '" + words[0] + "' is not an expectation: expected expect=<exit code> or expect=killed before the app";
                        return null;
                    }
                    first = 1;
                    if (words.Count == 1)
                    {
                        problem = "init.conf:" + number.ToString() + ": '" + words[0] + "' names no app: expected an app after it";
                        return null;
                    }
                }
                var arguments = new string[words.Count - first - 1];
                for (int i = first + 1; i < words.Count; i++) arguments[i - first - 1] = words[i];
                plan.Add(new PlannedProcess(words[first], arguments, fromRunOption: false) { ExpectedExitCode = code, ExpectedKilled = killed });
            }
            return plan;
        }

        // An exit code as a process returns it: an int, optionally negative, in decimal.
        private static bool TryExitCode(string text, out int code)
        {
            code = 0;
            int start = text.Length > 0 && text[0] == '-' ? 1 : 0;
            if (text.Length == start || text.Length - start > 10) return false;
            long value = 0;
            for (int i = start; i < text.Length; i++)
            {
                if (text[i] < '0' || text[i] > '9') return false;
                value = value * 10 + (text[i] - '0');
            }
            if (start == 1) value = -value;
            if (value < int.MinValue || value > int.MaxValue) return false;
            code = (int)value;
            return true;
        }
    }
}
