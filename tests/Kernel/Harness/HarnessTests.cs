// Tests that misbehave on purpose, so the host harness can prove it notices: a failing test, one that throws, a panic,
// a kernel that dies without reporting, and one that hangs. They run only when asked for by name.
using Helios.Kernel.Arch;
using Helios.Kernel.Diagnostics;
using Helios.Testing;

namespace Helios.Kernel.Tests.Harness
{
    internal static class HarnessTests
    {
        public const string Category = "harness";

        [Test(Category = Category)]
        public static void Fails() => Assert.Equal(2, 1 + 2);

        [Test(Category = Category)]
        public static void Throws() => throw new System.InvalidOperationException("the harness asked for an exception");

        [Test(Category = Category)]
        public static void Panics() => Panic.Halt("the harness asked for a panic");

        [Test(Category = Category)]
        public static void DiesWithoutStatus() => Platform.Current.DieWithoutStatus();

        [Test(Category = Category)]
        public static void Hangs() => Platform.Current.HaltForever();

        // An ExpectPanic test that does not panic must be reported as a failure.
        [Test(Category = Category)]
        [ExpectPanic("never printed")]
        public static void ReturnsInsteadOfPanicking() { }
    }
}
