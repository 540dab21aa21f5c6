// Delegates to static and instance methods, lambdas, and closures that capture and share state.
using System;
using System.Collections.Generic;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class DelegatesTests
    {
        private static int Twice(int x) => 2 * x;

        private sealed class Accumulator
        {
            public int Total;

            public void Add(int x) => Total += x;
        }

        private static int Apply(Func<int, int> f, int x) => f(x);

        [Test]
        public static void StaticAndInstanceMethods()
        {
            Func<int, int> twice = Twice;
            Assert.Equal(14, twice(7));
            var accumulator = new Accumulator();
            Action<int> add = accumulator.Add;
            add(3);
            add(4);
            Assert.Equal(7, accumulator.Total);
            Assert.Same(accumulator, add.Target);
        }

        [Test]
        public static void LambdasWithCapturedState()
        {
            int counter = 0;
            Action increment = () => counter++;
            increment();
            increment();
            Assert.Equal(2, counter);
            int offset = 10;
            Func<int, int> addOffset = x => x + offset;
            offset = 20;
            Assert.Equal(25, addOffset(5));
            Assert.Equal(9, Apply(x => x * x, 3));
        }

        [Test]
        public static void ClosuresCreatedInLoops()
        {
            var actions = new List<Func<int>>();
            for (int i = 0; i < 3; i++)
            {
                int copy = i;
                actions.Add(() => copy * 100);
            }
            int sum = 0;
            foreach (Func<int> f in actions) sum += f();
            Assert.Equal(300, sum);
        }

        [Test]
        public static void DelegatesAsArguments()
        {
            var numbers = new List<int> { 5, 2, 8, 1 };
            numbers.Sort((a, b) => b.CompareTo(a));
            Assert.Equal(8, numbers[0]);
            Assert.Equal(2, numbers.RemoveAll(n => n < 3));
            Predicate<int> even = n => n % 2 == 0;
            Assert.Equal(8, numbers.Find(even));
            int visited = 0;
            numbers.ForEach(n => visited += n);
            Assert.Equal(13, visited);
        }
    }
}
