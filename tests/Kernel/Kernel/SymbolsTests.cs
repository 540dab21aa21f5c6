// The image's symbol table: addresses name the C# method they belong to.
using Helios.Kernel.Diagnostics;
using Helios.Testing;

namespace Helios.Kernel.Tests.Kernel
{
    internal static unsafe class SymbolsTests
    {
        private static int Target(int x) => x * 3 + 1;

        [Test]
        public static void AddressesNameTheirMethods()
        {
            delegate*<int, int> target = &Target;
            Assert.Equal(7, target(2));
            string description = Panic.Describe((ulong)target);
            Assert.True(description.Contains("Helios.Kernel.Tests.Kernel.SymbolsTests.Target+0x0"));
            delegate*<ulong, string> describe = &Panic.Describe;
            Assert.True(Panic.Describe((ulong)describe + 4).Contains("Helios.Kernel.Diagnostics.Panic.Describe+0x4"));
        }
    }
}
