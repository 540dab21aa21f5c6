// Static constructors (run once, before first use) and static reference fields (the compiler preinitialises many
// of them into the image's module data; the runtime turns those into objects at startup).
using System.Collections.Generic;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class Registry
    {
        public static readonly List<string> Events = new List<string>();
    }

    internal static class WithStaticConstructor
    {
        public static readonly int Value;
        public static int Runs;

        static WithStaticConstructor()
        {
            Runs++;
            Registry.Events.Add("cctor");
            Value = ComputeAtRunTime(6);
        }

        // Not a constant the compiler could fold: forces the constructor to run at run time.
        private static int ComputeAtRunTime(int n)
        {
            int x = 1;
            for (int i = 1; i <= n; i++) x *= i;
            return x;
        }
    }

    internal static class Preinitialised
    {
        public static readonly string Greeting = "hello";
        public static readonly int[] Primes = { 2, 3, 5, 7, 11 };
        public static readonly string[] Names = { "alpha", "beta" };
        public static List<int> Mutable = new List<int> { 1, 2 };
    }

    internal static class StaticsTests
    {
        [Test]
        public static void StaticConstructorRunsOnceBeforeFirstUse()
        {
            Registry.Events.Add("before");
            int value = WithStaticConstructor.Value;
            Registry.Events.Add("after");
            Assert.Equal(720, value);
            Assert.Equal(720, WithStaticConstructor.Value);
            Assert.Equal(1, WithStaticConstructor.Runs);
            Assert.Equal("before,cctor,after", string.Join(",", Registry.Events));
        }

        [Test]
        public static void StaticReferenceFields()
        {
            Assert.Equal("hello", Preinitialised.Greeting);
            Assert.Equal(5, Preinitialised.Primes.Length);
            Assert.Equal(11, Preinitialised.Primes[4]);
            Assert.Equal("beta", Preinitialised.Names[1]);
            Preinitialised.Mutable.Add(3);
            Assert.Equal(3, Preinitialised.Mutable.Count);
            Preinitialised.Mutable = new List<int>();
            Assert.Equal(0, Preinitialised.Mutable.Count);
        }
    }
}
