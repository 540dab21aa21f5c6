// Atomic operations, as the BCL's Interlocked. Each is an intrinsic: the compiler emits the ISA's atomic instruction
// (lock cmpxchg/xadd/xchg on x86_64, exclusive-load/store loops on armv8.0) in place of the call, so the recursive
// bodies below never run; they exist because a method needs a body.
using System.Runtime.CompilerServices;

namespace System.Threading
{
    public static class Interlocked
    {
        [Intrinsic]
        public static int CompareExchange(ref int location1, int value, int comparand) => CompareExchange(ref location1, value, comparand);

        [Intrinsic]
        public static long CompareExchange(ref long location1, long value, long comparand) => CompareExchange(ref location1, value, comparand);

        public static uint CompareExchange(ref uint location1, uint value, uint comparand)
            => (uint)CompareExchange(ref Unsafe.As<uint, int>(ref location1), (int)value, (int)comparand);

        public static ulong CompareExchange(ref ulong location1, ulong value, ulong comparand)
            => (ulong)CompareExchange(ref Unsafe.As<ulong, long>(ref location1), (long)value, (long)comparand);

        public static nint CompareExchange(ref nint location1, nint value, nint comparand)
            => (nint)CompareExchange(ref Unsafe.As<nint, long>(ref location1), value, comparand);

        public static T CompareExchange<T>(ref T location1, T value, T comparand) where T : class
        {
            long result = CompareExchange(ref Unsafe.As<T, long>(ref location1), Unsafe.As<T, long>(ref value), Unsafe.As<T, long>(ref comparand));
            return Unsafe.As<long, T>(ref result);
        }

        [Intrinsic]
        public static int Exchange(ref int location1, int value) => Exchange(ref location1, value);

        [Intrinsic]
        public static long Exchange(ref long location1, long value) => Exchange(ref location1, value);

        public static nint Exchange(ref nint location1, nint value) => (nint)Exchange(ref Unsafe.As<nint, long>(ref location1), value);

        public static T Exchange<T>(ref T location1, T value) where T : class
        {
            long result = Exchange(ref Unsafe.As<T, long>(ref location1), Unsafe.As<T, long>(ref value));
            return Unsafe.As<long, T>(ref result);
        }

        [Intrinsic]
        public static int ExchangeAdd(ref int location1, int value) => ExchangeAdd(ref location1, value);

        [Intrinsic]
        public static long ExchangeAdd(ref long location1, long value) => ExchangeAdd(ref location1, value);

        public static int Add(ref int location1, int value) => ExchangeAdd(ref location1, value) + value;

        public static long Add(ref long location1, long value) => ExchangeAdd(ref location1, value) + value;

        public static int Increment(ref int location) => Add(ref location, 1);

        public static long Increment(ref long location) => Add(ref location, 1);

        public static int Decrement(ref int location) => Add(ref location, -1);

        public static long Decrement(ref long location) => Add(ref location, -1);

        [Intrinsic]
        public static void MemoryBarrier() => MemoryBarrier();
    }
}
