// The kernel image's payload: init. It starts the processes the boot configuration names (BootPlan: the command
// line's run= apps from ./helios boot --run, or else the bundle's init.conf) and waits for them, each reported as it
// ends. Their stdout and stderr go to the console under their names (ConsoleRelay); the first run= app's stdin is the
// console's input (ConsoleInput), on whichever kernel it runs; the others' is empty. A serve= service (./helios boot
// --disk) is started but not waited for: it serves the run= apps until the machine stops. A boot from init.conf fails
// when a process did not end as the configuration expects (exit code 0 unless it says expect=...); a run= app's
// ending is judged by the host.
//
// On a machine of several kernels (docs/multikernel.md, "Processes on any kernel"), "app@k1" starts app on k1
// (RemoteProcess), and an app without "@" (an init.conf line or a run= app) is placed by the coordinator
// (LaunchPlacement); "wait /path" holds the next lines until a service registered path.
using System;
using System.Collections.Generic;
using Helios.Contracts;
using Helios.Kernel.Boot;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Namespace;
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

            var started = new List<Started>();
            bool inputGiven = false;
            foreach (PlannedProcess planned in plan)
            {
                string app = planned.App;
                try
                {
                    if (app == WaitWord && !fromRun)
                    {
                        if (!WaitForPath(planned.Arguments)) return (int)ExitCode.Failure;
                        continue;
                    }
                    bool placed = app.IndexOf('@') < 0 && KernelRole.IsMultikernel;
                    int kernel = placed ? LaunchPlacement.Choose(app) : KernelOf(ref app);
                    if (kernel < 0) return (int)ExitCode.Failure;
                    if (kernel >= KernelRole.Count)
                    {
                        string none = "this machine has no k" + kernel.ToString() + " (" + KernelRole.Count.ToString() + " kernel" + (KernelRole.Count == 1 ? ")" : "s)");
                        if (fromRun) throw new FormatException(none);
                        // The boot configuration serves every topology: on a machine without that kernel, it runs here.
                        KernelConsole.WriteLine("init: " + none + "; " + app + " runs on " + KernelRole.Name);
                        kernel = KernelRole.Id;
                    }
                    // An init.conf line without arguments leaves the manifest's; a run= app gets exactly its own.
                    string[] arguments = planned.Arguments.Length == 0 && !fromRun ? null : planned.Arguments;
                    if (kernel != KernelRole.Id)
                    {
                        // The first run= app reads the console wherever it runs: its stdin crosses the link.
                        PipeContract.Imp input = default;
                        PipeContract.Exp readerEnd = default;
                        bool withInput = fromRun && !planned.IsService && !inputGiven;
                        inputGiven |= withInput;
                        if (withInput) PipeContract.NewChannel(out input, out readerEnd);
                        RemoteProcess far;
                        try
                        {
                            far = RemoteProcess.Launch(kernel, app, arguments, readerEnd);
                        }
                        catch (Exception)
                        {
                            if (withInput) input.Close();
                            throw;
                        }
                        if (withInput) ConsoleInput.Feed(input);
                        // Reported by the name the configuration gave ("hello@k1", or "hello" when placed), which is
                        // what ./helios boot --run looks for; a placed process's starting line names its kernel.
                        var remote = new Started { Plan = planned, Far = far, Name = planned.App, Id = far.Id };
                        KernelConsole.WriteLine("init: starting " + remote.Name + " (pid " + far.Id.ToString() + (placed ? ", on k" + kernel.ToString() : "") + ")"
                                                + Describe(planned.Arguments));
                        started.Add(remote);
                        continue;
                    }
                    Process process = Apps.Create(app, arguments);
                    if (fromRun && !planned.IsService && !inputGiven)                  // the console's input is its stdin
                    {
                        ConsoleInput.Connect(process);
                        inputGiven = true;
                    }
                    KernelConsole.WriteLine("init: starting " + app + " (pid " + process.Id.ToString() + (placed ? ", on " + KernelRole.Name : "") + ")"
                                            + Describe(process.Arguments));
                    process.Start();
                    started.Add(new Started { Plan = planned, Local = process, Name = process.Name, Id = process.Id });
                }
                catch (Exception e) when (e is ProcessImageException || e is NamespaceException || e is FormatException)
                {
                    KernelConsole.WriteLine("init: cannot start " + planned.App + ": " + e.Message);
                    return (int)ExitCode.Failure;
                }
            }
            int unexpected = 0;
            int waited = 0;
            foreach (Started process in started)
            {
                if (process.Plan.IsService) continue;
                waited++;
                bool killed;
                int code;
                if (process.Local is Process local)
                {
                    local.Wait();
                    killed = local.State == ProcessState.Killed;
                    code = local.ExitCode;
                }
                else
                {
                    try
                    {
                        (code, killed) = process.Far.Wait();
                    }
                    catch (NamespaceException e)
                    {
                        KernelConsole.WriteLine("init: " + process.Name + " (pid " + process.Id.ToString() + "): " + e.Message);
                        unexpected++;
                        continue;
                    }
                }
                string name = process.Name + " (pid " + process.Id.ToString() + ")";
                KernelConsole.WriteLine(killed ? "init: " + name + " was killed" : "init: " + name + " exited with code " + code.ToString());
                PlannedProcess planned = process.Plan;
                if (!planned.FromRunOption && !planned.EndedAsExpected(killed, code))
                {
                    KernelConsole.WriteLine("init: " + process.Name + " was expected to end with " + planned.Expected + " (init.conf)");
                    unexpected++;
                }
            }
            if (unexpected == 0) return (int)ExitCode.Success;
            KernelConsole.WriteLine("init: " + unexpected.ToString() + " of " + waited.ToString() + " processes did not end as init.conf expects");
            return (int)ExitCode.Failure;
        }

        // A process init started: here (Local) or on another kernel (Far), and the name init reports it by.
        private sealed class Started
        {
            public PlannedProcess Plan;
            public Process Local;
            public RemoteProcess Far;
            public string Name;
            public int Id;
        }

        // "wait /path [copies]" in the boot configuration: the next lines start once a service has registered path
        // (or that many copies of it have, on as many kernels) within 10 s of the machine's time, so that a client
        // started after its service, perhaps on another kernel, finds it.
        private const string WaitWord = "wait";

        private static bool WaitForPath(string[] arguments)
        {
            int copies = 1;
            if (arguments.Length < 1 || arguments.Length > 2 || (arguments.Length == 2 && (!int.TryParse(arguments[1], out copies) || copies < 1)))
            {
                KernelConsole.WriteLine("init: 'wait' takes one namespace path and, optionally, how many copies (1 or more)");
                return false;
            }
            string path = arguments[0];
            try
            {
                for (int waited = 0; waited < 10_000; waited++)
                {
                    int registered = 0;
                    foreach ((string listed, int _) in NameService.ListWithKernels(path))
                        if (listed == path) registered++;
                    if (registered >= copies) return true;
                    Threading.Thread.Sleep(1_000_000);
                }
            }
            catch (NamespaceException e)
            {
                KernelConsole.WriteLine("init: wait " + path + ": " + e.Message);
                return false;
            }
            KernelConsole.WriteLine("init: " + (copies == 1 ? "nothing registered " + path : "fewer than " + copies.ToString() + " copies of " + path + " registered") + " within 10 s");
            return false;
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
