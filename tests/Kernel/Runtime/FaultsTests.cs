// The run-time errors C# defines, caught as exceptions: null dereferences and integer division faults (CPU
// exceptions the kernel turns into exceptions), and the checks the compiler emits (overflow, casts, bounds, array
// stores). Messages are the BCL's.
using System;
using System.Runtime.CompilerServices;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal sealed class Cell
    {
        public int Value;
        public Cell Next;

        public int Twice() => Value * 2;
    }

    internal static class FaultsTests
    {
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static T Opaque<T>(T value) => value;

        private static string Catch(Action action)
        {
            try
            {
                action();
                return "no exception";
            }
            catch (Exception e)
            {
                return e.GetType().Name + ": " + e.Message;
            }
        }

        private const string NullMessage = "NullReferenceException: Object reference not set to an instance of an object.";

        [Test]
        public static void NullDereferencesAreCatchable()
        {
            Cell cell = Opaque<Cell>(null);
            int[] array = Opaque<int[]>(null);
            string text = Opaque<string>(null);
            Assert.Equal(NullMessage, Catch(() => cell.Value = 1));
            Assert.Equal(NullMessage, Catch(() => _ = cell.Next.Value));
            Assert.Equal(NullMessage, Catch(() => cell.Twice()));
            Assert.Equal(NullMessage, Catch(() => _ = array.Length));
            Assert.Equal(NullMessage, Catch(() => _ = text.Length));
            Assert.Equal(NullMessage, Catch(() => _ = new Cell { Next = null }.Next.Next));
        }

        [Test]
        public static void DivisionByZeroIsCatchable()
        {
            int zero = Opaque(0);
            long longZero = Opaque(0L);
            const string message = "DivideByZeroException: Attempted to divide by zero.";
            Assert.Equal(message, Catch(() => _ = 7 / zero));
            Assert.Equal(message, Catch(() => _ = 7 % zero));
            Assert.Equal(message, Catch(() => _ = 7L / longZero));
            Assert.Equal(message, Catch(() => _ = 7u / (uint)zero));
        }

        [Test]
        public static void MinValueDividedByMinusOneOverflows()
        {
            int minusOne = Opaque(-1);
            const string message = "OverflowException: Arithmetic operation resulted in an overflow.";
            Assert.Equal(message, Catch(() => _ = Opaque(int.MinValue) / minusOne));
            Assert.Equal(message, Catch(() => _ = Opaque(long.MinValue) / minusOne));
            Assert.Equal(-5, Opaque(5) / minusOne);
        }

        [Test]
        public static void CheckedOverflowIsCatchable()
        {
            int big = Opaque(int.MaxValue);
            const string message = "OverflowException: Arithmetic operation resulted in an overflow.";
            Assert.Equal(message, Catch(() => _ = checked(big + 1)));
            Assert.Equal(message, Catch(() => _ = checked((byte)(big / 1000))));
            Assert.Equal(message, Catch(() => _ = checked((uint)Opaque(-1))));
        }

        [Test]
        public static void FailedCastsAreCatchable()
        {
            object text = Opaque<object>("text");
            Assert.Equal("InvalidCastException: Unable to cast object of type 'System.String' to type 'Helios.Kernel.Tests.Runtime.Cell'.",
                Catch(() => _ = (Cell)text));
            Assert.Equal("InvalidCastException: Unable to cast object of type 'System.String' to type 'System.IDisposable'.",
                Catch(() => _ = (IDisposable)text));
        }

        [Test]
        public static void BoundsChecksAreCatchable()
        {
            int[] array = Opaque(new int[3]);
            int index = Opaque(3);
            const string message = "IndexOutOfRangeException: Index was outside the bounds of the array.";
            Assert.Equal(message, Catch(() => array[index] = 1));
            Assert.Equal(message, Catch(() => _ = array[-1 + index - 3]));
            Assert.Equal(message, Catch(() => _ = "abc"[index]));
        }

        [Test]
        public static void CovariantArrayStoresAreChecked()
        {
            object[] strings = Opaque<object[]>(new string[1]);
            Assert.Equal("ArrayTypeMismatchException: Attempted to access an element as a type incompatible with the array.",
                Catch(() => strings[0] = new Cell()));
        }
    }
}
