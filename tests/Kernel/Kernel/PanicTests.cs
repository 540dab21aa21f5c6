// Panics: each of these ends the kernel, so each runs in a boot of its own and the harness checks the report.
using System;
using System.Runtime.CompilerServices;
using Helios.Kernel.Arch;
using Helios.Kernel.Diagnostics;
using Helios.Testing;

namespace Helios.Kernel.Tests.Kernel
{
    internal static class PanicTests
    {
        [Test]
        [ExpectPanic("HELIOS-PANIC assertion failed: the reactor is cold")]
        public static void FailedAssertionPanics()
        {
            Panic.Assert(1 + 1 == 3, "the reactor is cold");
        }

        [Test]
        [ExpectPanic("HELIOS-PANIC out of coffee")]
        public static void ExplicitPanic()
        {
            Panic.Halt("out of coffee");
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Ignite(int fuel)
        {
            if (fuel < 10) throw new InvalidOperationException("not enough fuel: " + fuel.ToString());
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Launch(int fuel)
        {
            Ignite(fuel - 1);
            s_launches++;
        }

        private static int s_launches;

        // The harness (tests/Helios.Tests/InKernel/UnhandledExceptionReportTests) also checks the frame order.
        [Test]
        [ExpectPanic("HELIOS-PANIC unhandled exception: System.InvalidOperationException: not enough fuel: 2")]
        public static void UnhandledExceptionPanicsWithItsStackTrace()
        {
            Launch(3);
            s_launches++;
        }

        [Test]
        [ExpectPanic("HELIOS-PANIC CPU exception: ")]
        public static void UnhandledCpuExceptionPanics()
        {
            Platform.Current.ExecuteUndefinedInstruction();
        }
    }
}
