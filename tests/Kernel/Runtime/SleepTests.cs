// System.Threading.Thread.Sleep as an app calls it (the runtime's, over the host's wait on an address): it lasts at
// least its time, 0 only yields, and a negative time other than Timeout.Infinite is refused as .NET refuses it.
using System;
using System.Diagnostics;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class SleepTests
    {
        [Test]
        public static void ASleepLastsAtLeastItsTime()
        {
            var stopwatch = Stopwatch.StartNew();
            System.Threading.Thread.Sleep(20);
            Assert.True(stopwatch.ElapsedMilliseconds >= 20, stopwatch.ElapsedMilliseconds.ToString() + " ms");
            stopwatch.Restart();
            System.Threading.Thread.Sleep(0);
            Assert.True(System.Threading.Thread.Yield());
            Assert.True(stopwatch.ElapsedMilliseconds < 20, stopwatch.ElapsedMilliseconds.ToString() + " ms for no sleep");
        }

        [Test]
        public static void ANegativeTimeIsRefused()
        {
            Assert.Throws<ArgumentOutOfRangeException>(() => System.Threading.Thread.Sleep(-2));
            Assert.Equal(-1, System.Threading.Timeout.Infinite);
        }
    }
}
