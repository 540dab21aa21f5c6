// Panics: each of these ends the kernel, so each runs in a boot of its own and the harness checks the report.
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

        [Test]
        [ExpectPanic("HELIOS-PANIC CPU exception: ")]
        public static void UnhandledCpuExceptionPanics()
        {
            Platform.Current.ExecuteUndefinedInstruction();
        }
    }
}
