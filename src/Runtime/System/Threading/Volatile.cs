// Reads and writes the compiler may not remove, merge or reorder: device registers and flags shared between CPUs.
// A C# volatile field access carries the IL volatile. prefix, which the JIT honours. Inlined: a call each costs more
// than the access (ilc left them calls), and they are on every path between kernels.
using System.Runtime.CompilerServices;

namespace System.Threading
{
    public static class Volatile
    {
        private struct VolatileByte { public volatile byte Value; }
        private struct VolatileUInt16 { public volatile ushort Value; }
        private struct VolatileUInt32 { public volatile uint Value; }
        private struct VolatileInt32 { public volatile int Value; }
        private struct VolatileBoolean { public volatile bool Value; }
        private struct VolatileObject { public volatile object Value; }
        private unsafe struct VolatilePointer { public volatile void* Value; }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static byte Read(ref readonly byte location) => Unsafe.As<byte, VolatileByte>(ref Unsafe.AsRef(in location)).Value;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ushort Read(ref readonly ushort location) => Unsafe.As<ushort, VolatileUInt16>(ref Unsafe.AsRef(in location)).Value;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static uint Read(ref readonly uint location) => Unsafe.As<uint, VolatileUInt32>(ref Unsafe.AsRef(in location)).Value;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int Read(ref readonly int location) => Unsafe.As<int, VolatileInt32>(ref Unsafe.AsRef(in location)).Value;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool Read(ref readonly bool location) => Unsafe.As<bool, VolatileBoolean>(ref Unsafe.AsRef(in location)).Value;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static unsafe nint Read(ref readonly nint location) => (nint)Unsafe.As<nint, VolatilePointer>(ref Unsafe.AsRef(in location)).Value;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static unsafe long Read(ref readonly long location) => (long)Unsafe.As<long, VolatilePointer>(ref Unsafe.AsRef(in location)).Value;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static unsafe ulong Read(ref readonly ulong location) => (ulong)Unsafe.As<ulong, VolatilePointer>(ref Unsafe.AsRef(in location)).Value;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static T Read<T>(ref readonly T location) where T : class => Unsafe.As<T>(Unsafe.As<T, VolatileObject>(ref Unsafe.AsRef(in location)).Value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Write(ref byte location, byte value) => Unsafe.As<byte, VolatileByte>(ref location).Value = value;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Write(ref ushort location, ushort value) => Unsafe.As<ushort, VolatileUInt16>(ref location).Value = value;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Write(ref uint location, uint value) => Unsafe.As<uint, VolatileUInt32>(ref location).Value = value;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Write(ref int location, int value) => Unsafe.As<int, VolatileInt32>(ref location).Value = value;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Write(ref bool location, bool value) => Unsafe.As<bool, VolatileBoolean>(ref location).Value = value;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static unsafe void Write(ref nint location, nint value) => Unsafe.As<nint, VolatilePointer>(ref location).Value = (void*)value;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static unsafe void Write(ref long location, long value) => Unsafe.As<long, VolatilePointer>(ref location).Value = (void*)value;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static unsafe void Write(ref ulong location, ulong value) => Unsafe.As<ulong, VolatilePointer>(ref location).Value = (void*)value;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Write<T>(ref T location, T value) where T : class => Unsafe.As<T, VolatileObject>(ref location).Value = value;
    }
}
