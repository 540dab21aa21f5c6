// The collector through the BCL's API (System.GC), the same on the host CLR and in the kernel: a collection keeps
// what is reachable (including a lock held on an object), counts itself, and GetTotalMemory counts what is kept.
using System;
using System.Collections.Generic;
using System.Threading;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class CollectorTests
    {
        private sealed class Item
        {
            public int Id;
            public Item Next;
            public string Text;
        }

        [Test]
        public static void CollectKeepsWhatIsReachable()
        {
            var list = new List<Item>();
            Item chain = null;
            for (int i = 0; i < 2000; i++)
            {
                chain = new Item { Id = i, Next = chain, Text = i.ToString() };
                if (i % 10 == 0) list.Add(chain);
            }
            var map = new Dictionary<string, Item>();
            foreach (Item item in list) map[item.Text] = item;
            int collections = GC.CollectionCount(0);
            GC.Collect();
            for (int i = 0; i < 20_000; i++) _ = new byte[64 + i % 200];
            GC.Collect();
            Assert.True(GC.CollectionCount(0) >= collections + 2);
            int expected = 1999;
            for (Item item = chain; item is not null; item = item.Next, expected--)
            {
                Assert.Equal(expected, item.Id);
                Assert.Equal(expected.ToString(), item.Text);
            }
            Assert.Equal(-1, expected);
            Assert.Equal(200, list.Count);
            foreach (Item item in list) Assert.Same(item, map[item.Text]);
            GC.KeepAlive(chain);
        }

        // The lock word lives in the object's header: a collection while the lock is held must leave it held.
        [Test]
        public static void ALockHeldAcrossACollectionStaysHeld()
        {
            var gate = new object();
            lock (gate)
            {
                GC.Collect();
                for (int i = 0; i < 5000; i++) _ = new object();
                GC.Collect();
                Assert.True(Monitor.IsEntered(gate));
            }
            Assert.False(Monitor.IsEntered(gate));
        }

        // Only what holds on both sides: on the host other test threads allocate and free at the same time, so the
        // kernel's own GcTests check the amounts.
        [Test]
        public static void TotalMemoryAndCollectionArguments()
        {
            byte[] kept = new byte[1 << 20];
            kept[kept.Length - 1] = 1;
            Assert.True(GC.GetTotalMemory(true) >= (1 << 20));
            Assert.True(GC.GetTotalMemory(false) >= (1 << 20));
            GC.KeepAlive(kept);
            Assert.Throws<ArgumentOutOfRangeException>(() => GC.Collect(-1));
            Assert.Throws<ArgumentOutOfRangeException>(() => GC.CollectionCount(-1));
        }
    }
}
