// Types at run time: GetType(), typeof, their names (from the image's symbol table in the kernel), enums and tuples.
using System;
using System.Collections.Generic;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    [Flags]
    internal enum Permissions
    {
        None = 0,
        Read = 1,
        Write = 2,
        Execute = 4,
    }

    internal enum Temperature : int
    {
        Freezing = -20,
        Cold = -5,
        Warm = 10,
    }

    internal enum Offset : sbyte
    {
        Back = -5,
        Forward = 3,
    }

    internal enum Size : ulong
    {
        Small = 1,
        Huge = ulong.MaxValue,
    }

    internal static class TypesTests
    {
        [Test]
        public static void TypeIdentityAndNames()
        {
            object square = new Square(1);
            Assert.True(square.GetType() == typeof(Square));
            Assert.False(square.GetType() == typeof(Shape));
            Assert.Equal("Helios.Kernel.Tests.Runtime.Square", square.GetType().FullName);
            Assert.Equal("Square", square.GetType().Name);
            Assert.Equal("System.String", "x".GetType().FullName);
            Assert.Equal("System.Int32", 5.GetType().FullName);
            Assert.True(typeof(Shape).IsAssignableFrom(typeof(Square)));
            Assert.True(typeof(ICounter).IsAssignableFrom(typeof(Up)));
            Assert.True(typeof(int).IsValueType);
        }

        [Test]
        public static void Enums()
        {
            Permissions p = Permissions.Read | Permissions.Write;
            Assert.True(p.HasFlag(Permissions.Write));
            Assert.False(p.HasFlag(Permissions.Execute));
            Assert.Equal(3, (int)p);
            string verdict = p switch
            {
                Permissions.Read => "r",
                Permissions.Read | Permissions.Write => "rw",
                _ => "?",
            };
            Assert.Equal("rw", verdict);
        }

        // Enums compare as their underlying type does: signed values sort below zero, and small types give the
        // difference (as sbyte.CompareTo does).
        [Test]
        public static void EnumsCompareByValue()
        {
            Assert.Equal(-1, Temperature.Cold.CompareTo(Temperature.Warm));
            Assert.Equal(1, Temperature.Cold.CompareTo(Temperature.Freezing));
            Assert.Equal(0, Temperature.Warm.CompareTo(Temperature.Warm));
            Assert.Equal(1, Temperature.Warm.CompareTo(null));
            Assert.Equal(-8, Offset.Back.CompareTo(Offset.Forward));
            Assert.Equal(-8, ((sbyte)-5).CompareTo((sbyte)3));
            Assert.Equal(-8, ((short)-5).CompareTo((short)3));
            Assert.Equal(-8, ((byte)1).CompareTo((byte)9));
            Assert.Equal(-8, ((ushort)1).CompareTo((ushort)9));
            Assert.Equal(-1, Size.Small.CompareTo(Size.Huge));
            var sorted = new List<Temperature> { Temperature.Warm, Temperature.Freezing, Temperature.Cold };
            sorted.Sort((a, b) => a.CompareTo(b));
            Assert.Equal(Temperature.Freezing, sorted[0]);
            Assert.Equal(Temperature.Warm, sorted[2]);
            Assert.Throws<ArgumentException>(() => Temperature.Warm.CompareTo(Offset.Back));
        }

        [Test]
        public static void Tuples()
        {
            (int count, string name) Pair() => (3, "three");
            var (count, name) = Pair();
            Assert.Equal(3, count);
            Assert.Equal("three", name);
            var swapped = (name, count);
            Assert.Equal("three", swapped.name);
            Assert.True((1, "a").Equals((1, "a")));
            var set = new HashSet<(int, int)> { (1, 2), (1, 2), (2, 1) };
            Assert.Equal(2, set.Count);
        }
    }
}
