// C#'s lock: recursion, release on the way out of an exception, and the errors Monitor reports.
using System;
using System.Threading;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class LocksTests
    {
        private static readonly object s_gate = new object();

        [Test]
        public static void LockIsRecursiveAndReleasedOnTheWayOut()
        {
            int depth = 0;
            lock (s_gate)
            {
                depth++;
                Assert.True(Monitor.IsEntered(s_gate));
                lock (s_gate) depth++;
                Assert.True(Monitor.IsEntered(s_gate));
            }
            Assert.Equal(2, depth);
            Assert.False(Monitor.IsEntered(s_gate));
            try
            {
                lock (s_gate) throw new InvalidOperationException("inside the lock");
            }
            catch (InvalidOperationException) { }
            Assert.False(Monitor.IsEntered(s_gate));
            Assert.True(Monitor.TryEnter(s_gate));
            Monitor.Exit(s_gate);
        }

        [Test]
        public static void MonitorReportsMisuse()
        {
            var other = new object();
            Assert.Throws<SynchronizationLockException>(() => Monitor.Exit(other));
            Assert.Throws<ArgumentNullException>(() => Monitor.Enter(null));
            bool taken = true;
            Assert.Throws<ArgumentException>(() => Monitor.Enter(other, ref taken));
        }
    }
}
