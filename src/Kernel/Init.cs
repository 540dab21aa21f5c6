// The kernel image's payload: init. It starts the processes the boot configuration names (BootPlan: the command
// line's run= apps from ./helios boot --run, or else the bundle's init.conf) and waits for them, each reported as it
// ends. Their stdout and stderr go to the console under their names (ConsoleRelay); the first run= app's stdin is the
// console's input (ConsoleInput), the others' is empty. A boot from init.conf fails when a process did not end as the
// configuration expects (exit code 0 unless it says expect=...); a run= app's ending is judged by the host.
using System;
using System.Collections.Generic;
using Helios.Kernel.Boot;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Processes;

namespace Helios.Kernel
{
    internal static class Init
    {
        internal static int Run(BootInfo boot)
        {
            List<PlannedProcess> plan = BootPlan.FromCommandLine(new CommandLine(boot.CommandLine));
            bool fromRun = plan is not null;
            if (!fromRun)
            {
                if (!Apps.HasBundle)
                {
                    KernelConsole.WriteLine("init: no boot bundle, so no processes to start");
                    return (int)ExitCode.Success;
                }
                byte[] file = Apps.ReadFile("init.conf");
                if (file is null)
                {
                    KernelConsole.WriteLine("init: the boot bundle has no init.conf");
                    return (int)ExitCode.Success;
                }
                var text = new char[file.Length];
                for (int i = 0; i < file.Length; i++) text[i] = (char)file[i];
                plan = BootPlan.FromConfiguration(new string(text), out string problem);
                if (plan is null)
                {
                    KernelConsole.WriteLine("init: " + problem);
                    return (int)ExitCode.Failure;
                }
            }

            var started = new List<(PlannedProcess Plan, Process Process)>();
            foreach (PlannedProcess planned in plan)
            {
                try
                {
                    // An init.conf line without arguments leaves the manifest's; a run= app gets exactly its own.
                    Process process = Apps.Create(planned.App, planned.Arguments.Length == 0 && !fromRun ? null : planned.Arguments);
                    if (fromRun && started.Count == 0) ConsoleInput.Connect(process);     // the console's input is its stdin
                    KernelConsole.WriteLine("init: starting " + planned.App + " (pid " + process.Id.ToString() + ")" + Describe(process.Arguments));
                    process.Start();
                    started.Add((planned, process));
                }
                catch (ProcessImageException e)
                {
                    KernelConsole.WriteLine("init: cannot start " + planned.App + ": " + e.Message);
                    return (int)ExitCode.Failure;
                }
            }
            int unexpected = 0;
            foreach ((PlannedProcess planned, Process process) in started)
            {
                process.Wait();
                bool killed = process.State == ProcessState.Killed;
                KernelConsole.WriteLine(killed
                    ? "init: " + process.Name + " (pid " + process.Id.ToString() + ") was killed"
                    : "init: " + process.Name + " (pid " + process.Id.ToString() + ") exited with code " + process.ExitCode.ToString());
                if (!planned.FromRunOption && !planned.EndedAsExpected(killed, process.ExitCode))
                {
                    KernelConsole.WriteLine("init: " + process.Name + " was expected to end with " + planned.Expected + " (init.conf)");
                    unexpected++;
                }
            }
            if (unexpected == 0) return (int)ExitCode.Success;
            KernelConsole.WriteLine("init: " + unexpected.ToString() + " of " + started.Count.ToString() + " processes did not end as init.conf expects");
            return (int)ExitCode.Failure;
        }

        private static string Describe(string[] arguments)
        {
            if (arguments.Length == 0) return "";
            return " with arguments: " + string.Join(" ", arguments);
        }
    }
}
