// The test image's payload: runs the selected tests and reports each on the console in TestProtocol's lines.
// "test=<name>" or "test=<prefix>*" on the kernel command line selects tests; without it every test outside a
// category runs. A test that expects a panic runs only when the filter names it exactly; otherwise it is listed as
// deferred, for a boot of its own.
using System;
using Helios.Kernel;
using Helios.Kernel.Arch;
using Helios.Kernel.Boot;
using Helios.Kernel.Diagnostics;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runner
{
    internal static unsafe class TestRunner
    {
        internal static void Install()
        {
            KernelMain.Payload = &Run;
            KernelMain.SatellitePayload = &RunOnSatellite;
        }

        private static int Run(BootInfo boot) => Run(new CommandLine(boot.CommandLine).GetValue(TestProtocol.FilterOption));

        // A satellite kernel (docs/multikernel.md) runs its own selection; its lines reach the host tagged "k1: ".
        private static int RunOnSatellite(BootInfo boot)
            => Run(new CommandLine(boot.CommandLine).GetValue(TestProtocol.SatelliteFilterOption) ?? TestProtocol.SatelliteSuite);

        private static int Run(string filter)
        {
            TestCase[] all = TestRegistry.All;
            int planned = 0;
            foreach (TestCase test in all)
                if (Selected(test, filter)) planned++;
            Emit(TestProtocol.Plan, planned.ToString());

            int passed = 0, failed = 0, deferred = 0;
            foreach (TestCase test in all)
            {
                if (!Selected(test, filter)) continue;
                if (test.ExpectPanic is not null && filter != test.Name)
                {
                    Emit(TestProtocol.Deferred, test.Name + " " + test.ExpectPanic);
                    deferred++;
                    continue;
                }
                if (test.ExpectPanic is not null) Emit(TestProtocol.Expect, test.Name + " " + test.ExpectPanic);
                Emit(TestProtocol.Run, test.Name);
                TestContext.Begin();
                ulong start = Platform.Current.ReadCycleCounter();
                string escaped = test.ExpectPanic is null ? RunCatching(test) : RunUnprotected(test);
                ulong ticks = Platform.Current.ReadCycleCounter() - start;
                if (test.ExpectPanic is not null)
                {
                    Emit(TestProtocol.Fail, test.Name + " " + TestProtocol.OneLine("expected a panic containing \"" + test.ExpectPanic + "\", but the test returned"));
                    failed++;
                }
                else if (escaped is not null)
                {
                    Emit(TestProtocol.Fail, test.Name + " " + TestProtocol.OneLine("unhandled exception: " + escaped));
                    failed++;
                }
                else if (TestContext.Failures > 0)
                {
                    Emit(TestProtocol.Fail, test.Name + " " + TestProtocol.OneLine(TestContext.FirstFailure));
                    failed++;
                }
                else
                {
                    Emit(TestProtocol.Pass, test.Name + " " + ticks.ToString());
                    passed++;
                }
            }
            Emit(TestProtocol.Done, passed.ToString() + " " + failed.ToString() + " " + deferred.ToString());
            return failed == 0 ? (int)ExitCode.Success : (int)ExitCode.Failure;
        }

        // An exception escaping an ordinary test fails that test and the run goes on.
        private static string RunCatching(TestCase test)
        {
            try
            {
                test.Run();
                return null;
            }
            catch (Exception e)
            {
                return e.ToString();
            }
        }

        // A test that expects a panic must be able to end the kernel, with an unhandled exception too.
        private static string RunUnprotected(TestCase test)
        {
            test.Run();
            return null;
        }

        private static bool Selected(TestCase test, string filter)
            => filter is null ? test.Category.Length == 0 : TestProtocol.Matches(filter, test.Name);

        private static void Emit(string verb, string rest) => KernelConsole.WriteLine(TestProtocol.Prefix + verb + " " + rest);
    }
}

namespace Internal.Runtime.CompilerHelpers
{
    // ilc's library-initializer contract: the runtime calls this once at startup, before the kernel reads its payload.
    internal static class LibraryInitializer
    {
        public static void InitializeLibrary() => Helios.Kernel.Tests.Runner.TestRunner.Install();
    }
}
