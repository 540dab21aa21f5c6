// The kernel image's payload: init. It starts the processes the boot configuration names and waits for them, each
// reported as it ends. The configuration is the command line's "run=<app>" (with "arg=<argument>" words for its
// arguments: ./helios boot --run), or else the bundle's init.conf: one app per line, then its arguments. Their stdout
// and stderr go to the console under their names (ConsoleRelay); a run= app's stdin is the console's input
// (ConsoleInput), the others' is empty.
using System;
using System.Collections.Generic;
using Helios.Kernel.Boot;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Namespace;
using Helios.Satellite.Placement;
using Helios.Kernel.Processes;

namespace Helios.Kernel
{
    internal static class Init
    {
        internal static int Run(BootInfo boot)
        {
            var commandLine = new CommandLine(boot.CommandLine);
            List<(string App, string[] Arguments)> plan;
            string run = commandLine.GetValue("run");
            if (run is not null)
                plan = new List<(string, string[])> { (run, commandLine.GetValues("arg").ToArray()) };
            else if (!Apps.HasBundle)
            {
                KernelConsole.WriteLine("init: no boot bundle, so no processes to start");
                return (int)ExitCode.Success;
            }
            else
                plan = ReadConfiguration(Apps.ReadFile("init.conf"));

            var started = new List<Process>();
            var remote = new List<RemoteProcess>();
            foreach ((string entry, string[] arguments) in plan)
            {
                string app = entry;
                try
                {
                    if (app == WaitWord && run is null)
                    {
                        if (!WaitForPath(arguments)) return (int)ExitCode.Failure;
                        continue;
                    }
                    int kernel = app.IndexOf('@') < 0 && KernelRole.IsMultikernel && run is null ? Place(app) : KernelOf(ref app);
                    if (kernel < 0) return (int)ExitCode.Failure;
                    if (kernel >= KernelRole.Count)
                    {
                        string none = "this machine has no k" + kernel.ToString() + " (" + KernelRole.Count.ToString() + " kernel" + (KernelRole.Count == 1 ? ")" : "s)");
                        if (run is not null) throw new FormatException(none);
                        // The boot configuration serves every topology: on a machine without that kernel, it runs here.
                        KernelConsole.WriteLine("init: " + none + "; " + app + " runs on " + KernelRole.Name);
                        kernel = KernelRole.Id;
                    }
                    if (kernel != KernelRole.Id)
                    {
                        // Another kernel starts it (docs/multikernel.md, "Processes on any kernel"); it says so itself.
                        RemoteProcess far = RemoteProcess.Launch(kernel, app, arguments.Length == 0 && run is null ? null : arguments);
                        KernelConsole.WriteLine("init: starting " + app + "@k" + kernel.ToString() + " (pid " + far.Id.ToString() + ")" + Describe(arguments));
                        remote.Add(far);
                        continue;
                    }
                    Process process = Apps.Create(app, arguments.Length == 0 && run is null ? null : arguments);
                    if (run is not null) ConsoleInput.Connect(process);     // the console's input is its stdin
                    KernelConsole.WriteLine("init: starting " + app + " (pid " + process.Id.ToString() + ")" + Describe(process.Arguments));
                    process.Start();
                    started.Add(process);
                }
                catch (Exception e) when (e is ProcessImageException || e is NamespaceException || e is FormatException)
                {
                    KernelConsole.WriteLine("init: cannot start " + entry + ": " + e.Message);
                    return (int)ExitCode.Failure;
                }
            }
            foreach (Process process in started)
            {
                process.Wait();
                KernelConsole.WriteLine(process.State == ProcessState.Killed
                    ? "init: " + process.Name + " (pid " + process.Id.ToString() + ") was killed"
                    : "init: " + process.Name + " (pid " + process.Id.ToString() + ") exited with code " + process.ExitCode.ToString());
            }
            foreach (RemoteProcess far in remote)
            {
                string name = far.App + "@k" + far.Kernel.ToString() + " (pid " + far.Id.ToString() + ")";
                try
                {
                    (int code, bool killed) = far.Wait();
                    KernelConsole.WriteLine(killed ? "init: " + name + " was killed" : "init: " + name + " exited with code " + code.ToString());
                }
                catch (NamespaceException e)
                {
                    KernelConsole.WriteLine("init: " + name + ": " + e.Message);
                }
            }
            return (int)ExitCode.Success;
        }

        // "app arg arg" per line; blank lines and lines starting with # are skipped.
        private static List<(string, string[])> ReadConfiguration(byte[] file)
        {
            var plan = new List<(string, string[])>();
            if (file is null)
            {
                KernelConsole.WriteLine("init: the boot bundle has no init.conf");
                return plan;
            }
            var text = new char[file.Length];
            for (int i = 0; i < file.Length; i++) text[i] = (char)file[i];
            foreach (string line in new string(text).Split('\n'))
            {
                string trimmed = line.Trim();
                if (trimmed.Length == 0 || trimmed[0] == '#') continue;
                var words = new CommandLine(trimmed).Words;
                var arguments = new string[words.Count - 1];
                for (int i = 1; i < words.Count; i++) arguments[i - 1] = words[i];
                plan.Add((words[0], arguments));
            }
            return plan;
        }

        // "wait /path" in the boot configuration: the next lines start once a service has registered path (at most
        // 10 s of the machine's time), so that a client started after its service, perhaps on another kernel, finds it.
        private const string WaitWord = "wait";

        private static bool WaitForPath(string[] arguments)
        {
            if (arguments.Length != 1)
            {
                KernelConsole.WriteLine("init: 'wait' takes one namespace path");
                return false;
            }
            try
            {
                for (int waited = 0; waited < 10_000; waited++)
                {
                    if (NameService.List(arguments[0]).Length != 0) return true;
                    Threading.Thread.Sleep(1_000_000);
                }
            }
            catch (NamespaceException e)
            {
                KernelConsole.WriteLine("init: wait " + arguments[0] + ": " + e.Message);
                return false;
            }
            KernelConsole.WriteLine("init: nothing registered " + arguments[0] + " within 10 s");
            return false;
        }

        // No kernel named, on a machine of several: the placement planner picks one from the app's manifest and the
        // machine as it is (docs/placement.md, "At launch"); the decision is printed with its pass. -1: refused.
        private static int Place(string app)
        {
            PlacementDecision decision = LaunchPlacement.Decide(app);
            KernelConsole.WriteLine("init: placement: " + decision.Summary());
            return decision.IsPlaced ? LaunchPlacement.KernelNumber(decision.Kernel) : -1;
        }

        // "app@k1" names the kernel to start app on (app becomes "app"); a bare name is this kernel's.
        private static int KernelOf(ref string app)
        {
            int at = app.IndexOf('@');
            if (at < 0) return KernelRole.Id;
            string kernel = app.Substring(at + 1);
            app = app.Substring(0, at);
            if (kernel.Length < 2 || kernel[0] != 'k' || !int.TryParse(kernel.Substring(1), out int id) || id < 0)
                throw new FormatException("'" + kernel + "' is not a kernel (k0, k1, ...)");
            return id;
        }

        private static string Describe(string[] arguments)
        {
            if (arguments.Length == 0) return "";
            return " with arguments: " + string.Join(" ", arguments);
        }
    }
}
