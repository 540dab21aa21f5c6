// Arrays of primitives, structs and references; the Array helpers; and a failed bounds check.
using System;
using System.Collections.Generic;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class ArraysTests
    {
        [Test]
        public static void PrimitiveArrays()
        {
            var squares = new int[10];
            for (int i = 0; i < squares.Length; i++) squares[i] = i * i;
            Assert.Equal(81, squares[9]);
            long[] big = { long.MinValue, 0, long.MaxValue };
            Assert.Equal(3, big.Length);
            Assert.Equal(long.MaxValue, big[2]);
            byte[] zeroes = new byte[100];
            foreach (byte b in zeroes) Assert.Equal((byte)0, b);
        }

        [Test]
        public static void ArraysOfStructsAndReferences()
        {
            var points = new Point[4];
            points[2] = new Point(5, 6);
            points[3].X = 9;
            Assert.Equal(6, points[2].Y);
            Assert.Equal(9, points[3].X);
            Assert.Equal(0, points[0].X);
            var names = new string[] { "a", null, "c" };
            Assert.Null(names[1]);
            Assert.Equal("c", names[2]);
            object[] mixed = { 1, "two", 3.0, new Point(1, 2) };
            Assert.True(mixed[0] is int);
            Assert.True(mixed[3] is Point);
        }

        [Test]
        public static void JaggedArrays()
        {
            int[][] rows = new int[3][];
            for (int i = 0; i < rows.Length; i++)
            {
                rows[i] = new int[i + 1];
                for (int j = 0; j <= i; j++) rows[i][j] = i + j;
            }
            Assert.Equal(4, rows[2][2]);
            Assert.Equal(3, rows[1].Length + rows[0].Length);
            Assert.Equal(1, rows[1][0]);
        }

        [Test]
        public static void MultiDimensionalArrays()
        {
            int rows = 3, columns = 4;
            var grid = new int[rows, columns];
            for (int i = 0; i < rows; i++)
                for (int j = 0; j < columns; j++)
                    grid[i, j] = i * 10 + j;
            Assert.Equal(23, grid[2, 3]);
            Assert.Equal(12, grid.Length);
            Assert.Equal(2, grid.Rank);
            Assert.Equal(3, grid.GetLength(0));
            Assert.Equal(4, grid.GetLength(1));
            Assert.Equal(3, grid.GetUpperBound(1));
            Assert.Equal(0, grid.GetLowerBound(0));
            ref int cell = ref grid[1, 2];
            cell = 99;
            Assert.Equal(99, grid[1, 2]);
            int sum = 0;
            for (int i = 0; i < rows; i++) for (int j = 0; j < columns; j++) sum += grid[i, j];
            Assert.Equal(10 * 4 + 20 * 4 + (0 + 1 + 2 + 3) * 3 - 12 + 99, sum);
            Assert.Throws<IndexOutOfRangeException>(() => grid[3, 0] = 1);
            Assert.Throws<IndexOutOfRangeException>(() => _ = grid[0, -1]);
            Assert.Throws<IndexOutOfRangeException>(() => grid.GetLength(2));

            int[,] initialized = { { 1, 2, 3 }, { 4, 5, 6 } };
            Assert.Equal(6, initialized[1, 2]);
            Assert.Equal(2, initialized.GetLength(0));
            double[,,] cube = new double[2, 3, 4];
            cube[1, 2, 3] = 1.5;
            Assert.Equal(1.5, cube[1, 2, 3]);
            Assert.Equal(24, cube.Length);
            Assert.Equal(3, cube.Rank);

            var names = new string[2, 2];
            names[1, 0] = "b";
            Assert.Equal("b", names[1, 0]);
            Assert.Null(names[0, 1]);
            object[,] objects = names;
            Assert.Throws<ArrayTypeMismatchException>(() => objects[0, 0] = 5);
            var copy = (string[,])names.Clone();
            Assert.Equal("b", copy[1, 0]);
            Assert.Equal(2, copy.GetLength(1));
            var empty = new long[0, 5];
            Assert.Equal(0, empty.Length);
            Assert.Equal(5, empty.GetLength(1));
        }

        [Test]
        public static void ForeachOverAMultiDimensionalArrayVisitsEveryElementInRowMajorOrder()
        {
            int[,] grid = { { 1, 2, 3 }, { 4, 5, 6 } };
            var seen = new System.Text.StringBuilder();
            foreach (int value in grid) seen.Append(value);
            Assert.Equal("123456", seen.ToString());

            var names = new string[2, 2];
            names[0, 1] = "b";
            names[1, 0] = "c";
            int nulls = 0;
            string joined = "";
            foreach (string name in names)
                if (name is null) nulls++; else joined += name;
            Assert.Equal(2, nulls);
            Assert.Equal("bc", joined);

            double[,,] cube = new double[2, 2, 2];
            cube[1, 1, 1] = 2.5;
            double total = 0;
            foreach (double d in cube) total += d;
            Assert.Equal(2.5, total);
            foreach (long never in new long[0, 3]) Assert.True(false, "an empty array has no elements");

            // Through IEnumerable, as the BCL does: boxed, in the same order, for any array.
            System.Collections.IEnumerator e = ((System.Collections.IEnumerable)grid).GetEnumerator();
            Assert.Throws<InvalidOperationException>(() => _ = e.Current);
            int count = 0, last = 0;
            while (e.MoveNext()) { count++; last = (int)e.Current; }
            Assert.Equal(6, count);
            Assert.Equal(6, last);
            Assert.False(e.MoveNext());
            Assert.Throws<InvalidOperationException>(() => _ = e.Current);
            e.Reset();
            Assert.True(e.MoveNext());
            Assert.Equal(1, (int)e.Current);
        }

        [Test]
        public static void ArrayHelpers()
        {
            int[] data = { 5, 3, 9, 1, 7 };
            Array.Sort(data);
            Assert.Equal(1, data[0]);
            Assert.Equal(9, data[4]);
            Assert.Equal(2, Array.IndexOf(data, 5));
            Assert.Equal(-1, Array.IndexOf(data, 42));
            int[] copy = new int[7];
            Array.Copy(data, 0, copy, 1, 5);
            Assert.Equal(1, copy[1]);
            Assert.Equal(0, copy[6]);
            Array.Resize(ref data, 2);
            Assert.Equal(2, data.Length);
            Assert.Equal(3, data[1]);
            Array.Reverse(copy);
            Assert.Equal(9, copy[1]);
            Assert.Equal(0, Array.Empty<string>().Length);
            Assert.Same(Array.Empty<string>(), Array.Empty<string>());
            string[] words = { "delta", "alpha", "charlie", "bravo" };
            Array.Sort(words, (a, b) => string.CompareOrdinal(a, b));
            Assert.Equal("alpha", words[0]);
            Assert.Equal("delta", words[3]);
        }

        [Test]
        public static void ArraysAsGenericCollections()
        {
            int[] data = { 4, 5, 6 };
            IList<int> list = data;
            Assert.Equal(3, list.Count);
            Assert.Equal(5, list[1]);
            Assert.True(list.Contains(6));
            IReadOnlyList<int> view = data;
            int sum = 0;
            foreach (int x in view) sum += x;
            Assert.Equal(15, sum);
            // Array covariance through the generic interfaces.
            IEnumerable<object> objects = new string[] { "x", "y" };
            int count = 0;
            foreach (object o in objects) count += ((string)o).Length;
            Assert.Equal(2, count);
        }

        // A string[] is an IList<object> through array covariance; every call through that view must reach the array's
        // implementation, and a store of the wrong type must still be refused.
        [Test]
        public static void CovariantArraysThroughNonVariantInterfaces()
        {
            IList<object> list = new string[] { "x", "yy" };
            Assert.Equal(2, list.Count);
            Assert.True(list.IsReadOnly);
            Assert.Equal("yy", (string)list[1]);
            Assert.True(list.Contains("x"));
            Assert.False(list.Contains(42));
            Assert.Equal(1, list.IndexOf("yy"));
            Assert.Equal(-1, list.IndexOf(new object()));
            list[0] = "z";
            Assert.Equal("z", (string)list[0]);
            Assert.Throws<ArrayTypeMismatchException>(() => list[1] = new object());
            Assert.Equal("yy", (string)list[1]);
            var copy = new object[3];
            list.CopyTo(copy, 1);
            Assert.Null(copy[0]);
            Assert.Equal("yy", (string)copy[2]);
            Assert.Throws<NotSupportedException>(() => list.Add("w"));
            ICollection<object> collection = new string[] { "a" };
            Assert.Equal(1, collection.Count);
            int seen = 0;
            foreach (object o in collection) seen += ((string)o).Length;
            Assert.Equal(1, seen);
        }

        // Array.Copy checks the source and the destination range separately, whatever the lengths.
        [Test]
        public static void ArrayCopyChecksBothRanges()
        {
            var two = new int[] { 1, 2 };
            var ten = new int[10];
            Assert.Throws<ArgumentException>(() => Array.Copy(two, 0, ten, 0, 5));
            Assert.Throws<ArgumentException>(() => Array.Copy(ten, 0, two, 0, 5));
            Assert.Throws<ArgumentException>(() => Array.Copy(ten, 8, two, 0, 3));
            Assert.Throws<ArgumentException>(() => Array.Copy(ten, 0, two, 1, 2));
            Assert.Throws<ArgumentException>(() => Array.Copy(ten, int.MaxValue, two, 0, 2));
            Assert.Throws<ArgumentOutOfRangeException>(() => Array.Copy(ten, -1, two, 0, 1));
            Assert.Throws<ArgumentOutOfRangeException>(() => Array.Copy(ten, 0, two, -1, 1));
            Assert.Throws<ArgumentOutOfRangeException>(() => Array.Copy(ten, 0, two, 0, -1));
            Assert.Throws<ArgumentNullException>(() => Array.Copy(null, two, 1));
            Assert.Equal(0, ten[5]);
            Array.Copy(two, 0, ten, 8, 2);
            Assert.Equal(2, ten[9]);
            Array.Copy(ten, 8, ten, 7, 2);
            Assert.Equal(1, ten[7]);
            Assert.Equal(2, ten[8]);
        }

        // Array.Copy between arrays of different but compatible types: up-casts copy as they are, down-casts and
        // unboxing check each element, boxing converts each; anything else is a type mismatch.
        [Test]
        public static void ArrayCopyBetweenCompatibleTypes()
        {
            string[] words = { "a", "b" };
            var objects = new object[3];
            Array.Copy(words, 0, objects, 1, 2);
            Assert.Equal("b", (string)objects[2]);
            object[] back = { "c", null, "d" };
            var strings = new string[3];
            Array.Copy(back, strings, 3);
            Assert.Equal("d", strings[2]);
            Assert.Null(strings[1]);
            object[] mixed = { "e", 5 };
            Assert.Throws<InvalidCastException>(() => Array.Copy(mixed, strings, 2));
            Array.Copy(new[] { 7, 8 }, objects, 2);
            Assert.Equal(8, (int)objects[1]);
            var numbers = new int[2];
            Array.Copy(new object[] { 3, 4 }, numbers, 2);
            Assert.Equal(4, numbers[1]);
            Assert.Throws<InvalidCastException>(() => Array.Copy(new object[] { "f" }, numbers, 1));
            var unsigned = new uint[1];
            Array.Copy(new[] { -1 }, unsigned, 1);
            Assert.Equal(uint.MaxValue, unsigned[0]);
            Assert.Throws<ArrayTypeMismatchException>(() => Array.Copy(new int[1], new string[1], 1));
            Assert.Throws<ArrayTypeMismatchException>(() => Array.Copy(new string[1], new int[1], 1));
        }

        [Test]
        [ExpectPanic("System.IndexOutOfRangeException: Index was outside the bounds of the array.")]
        public static void IndexOutOfRangeIsReported()
        {
            int[] data = new int[3];
            int index = data.Length;
            data[index] = 1;
        }
    }
}
