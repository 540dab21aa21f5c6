// List<T>, Dictionary<TKey, TValue>, HashSet<T>, Queue<T> and iterators.
using System.Collections.Generic;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class CollectionsTests
    {
        private static IEnumerable<int> Evens(int limit)
        {
            for (int i = 0; i <= limit; i += 2) yield return i;
        }

        [Test]
        public static void Lists()
        {
            var list = new List<string> { "b", "d" };
            list.Insert(0, "a");
            list.Insert(2, "c");
            list.Add("e");
            Assert.Equal("a,b,c,d,e", string.Join(",", list));
            Assert.Equal(2, list.IndexOf("c"));
            Assert.True(list.Remove("c"));
            Assert.False(list.Remove("z"));
            list.RemoveAt(0);
            Assert.Equal("b,d,e", string.Join(",", list));
            list.Reverse();
            Assert.Equal("e", list[0]);
            list.Sort();
            Assert.Equal("b", list[0]);
            Assert.True(list.Contains("d"));
            Assert.Equal(3, list.ToArray().Length);
            list.Clear();
            Assert.Equal(0, list.Count);
        }

        [Test]
        public static void ListGrowth()
        {
            var numbers = new List<int>();
            for (int i = 0; i < 1000; i++) numbers.Add(i);
            Assert.Equal(1000, numbers.Count);
            long sum = 0;
            foreach (int n in numbers) sum += n;
            Assert.Equal(499500L, sum);
            Assert.True(numbers.Capacity >= 1000);
        }

        [Test]
        public static void Dictionaries()
        {
            var ages = new Dictionary<string, int> { ["ada"] = 36, ["alan"] = 41 };
            ages.Add("grace", 85);
            Assert.Equal(3, ages.Count);
            Assert.Equal(41, ages["alan"]);
            Assert.True(ages.TryGetValue("grace", out int grace));
            Assert.Equal(85, grace);
            Assert.False(ages.TryGetValue("linus", out _));
            ages["ada"] = 37;
            Assert.Equal(37, ages["ada"]);
            Assert.True(ages.Remove("alan"));
            Assert.False(ages.ContainsKey("alan"));
            int total = 0;
            foreach (KeyValuePair<string, int> pair in ages) total += pair.Value;
            Assert.Equal(37 + 85, total);
            Assert.False(ages.TryAdd("ada", 1));
        }

        // Since .NET Core 3.0, overwriting a value and removing an entry leave enumerators valid; adding does not.
        [Test]
        public static void DictionaryEnumerationSurvivesOverwriteAndRemove()
        {
            var counts = new Dictionary<string, int> { ["a"] = 1, ["b"] = 2, ["c"] = 3, ["d"] = 4 };
            foreach (KeyValuePair<string, int> pair in counts) counts[pair.Key] = pair.Value * 10;
            Assert.Equal(30, counts["c"]);
            foreach (KeyValuePair<string, int> pair in counts)
                if (pair.Value >= 30) counts.Remove(pair.Key);
            Assert.Equal(2, counts.Count);
            Assert.Equal(20, counts["b"]);
            Assert.Throws<System.InvalidOperationException>(() =>
            {
                foreach (KeyValuePair<string, int> pair in counts) counts[pair.Key + "!"] = 0;
            });
        }

        // Through ICollection<KeyValuePair<,>>, Remove removes the pair only when the value matches too.
        [Test]
        public static void DictionaryRemovesPairsByKeyAndValue()
        {
            var ages = new Dictionary<string, int> { ["ada"] = 36 };
            ICollection<KeyValuePair<string, int>> pairs = ages;
            Assert.False(pairs.Remove(new KeyValuePair<string, int>("ada", 99)));
            Assert.True(ages.ContainsKey("ada"));
            Assert.False(pairs.Remove(new KeyValuePair<string, int>("alan", 36)));
            Assert.True(pairs.Remove(new KeyValuePair<string, int>("ada", 36)));
            Assert.Equal(0, ages.Count);
        }

        [Test]
        public static void DictionaryGrowthAndValueTypeKeys()
        {
            var squares = new Dictionary<int, long>();
            for (int i = 0; i < 500; i++) squares[i] = (long)i * i;
            Assert.Equal(500, squares.Count);
            Assert.Equal(249001L, squares[499]);
            for (int i = 0; i < 500; i += 2) squares.Remove(i);
            Assert.Equal(250, squares.Count);
            Assert.False(squares.ContainsKey(10));
            Assert.True(squares.ContainsKey(11));
            squares[10] = -1;
            Assert.Equal(-1L, squares[10]);
            var byEnum = new Dictionary<DayOfWeekLike, string> { [DayOfWeekLike.Friday] = "fri" };
            Assert.Equal("fri", byEnum[DayOfWeekLike.Friday]);
        }

        // EnsureCapacity grows a dictionary that has freed entries (Link keeps room ahead for the doorbell's interrupt,
        // which may not allocate): every key stays found, the removed ones stay gone, and the free slots are reused.
        [Test]
        public static void DictionaryEnsureCapacityKeepsEntriesAndFreeSlots()
        {
            var channels = new Dictionary<uint, int>();
            for (uint i = 0; i < 40; i++) channels.Add(i * 2, (int)i);
            for (uint i = 0; i < 40; i += 3) Assert.True(channels.Remove(i * 2));
            int capacity = channels.EnsureCapacity(0);
            Assert.True(capacity >= 40, "capacity " + capacity.ToString());
            Assert.Equal(capacity, channels.EnsureCapacity(capacity));         // no growth asked: the same room
            int grown = channels.EnsureCapacity(channels.Count + 100);
            Assert.True(grown >= channels.Count + 100, "grown to " + grown.ToString());
            for (uint i = 0; i < 40; i++)
            {
                bool removed = i % 3 == 0;
                Assert.Equal(!removed, channels.TryGetValue(i * 2, out int value));
                if (!removed) Assert.Equal((int)i, value);
            }
            for (uint i = 100; i < 100 + 100; i++) channels.Add(i * 2, (int)i);    // the freed slots first, then the new room
            Assert.Equal(grown, channels.EnsureCapacity(0));                       // no growth on the way
            Assert.Equal(26 + 100, channels.Count);
            for (uint i = 100; i < 200; i++) Assert.Equal((int)i, channels[i * 2]);
            Assert.False(channels.ContainsKey(0));
        }

        [Test]
        public static void SetsQueuesAndIterators()
        {
            var set = new HashSet<string> { "x", "y" };
            Assert.False(set.Add("x"));
            Assert.True(set.Add("z"));
            Assert.Equal(3, set.Count);
            var queue = new Queue<int>();
            for (int i = 1; i <= 5; i++) queue.Enqueue(i);
            Assert.Equal(1, queue.Dequeue());
            Assert.Equal(2, queue.Peek());
            Assert.Equal(4, queue.Count);
            int sum = 0;
            foreach (int even in Evens(10)) sum += even;
            Assert.Equal(30, sum);
        }
    }
}
