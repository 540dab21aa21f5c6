// Unsafe: ilc replaces each [Intrinsic] body with the IL it stands for; the C# bodies are there only to compile.
namespace System.Runtime.CompilerServices
{
    public static unsafe class Unsafe
    {
        [Intrinsic] public static T As<T>(object o) where T : class => throw null;
        [Intrinsic] public static ref TTo As<TFrom, TTo>(ref TFrom source) => throw null;
        [Intrinsic] public static ref T AsRef<T>(void* source) => throw null;
        [Intrinsic] public static ref T AsRef<T>(scoped ref readonly T source) => throw null;
        [Intrinsic] public static void* AsPointer<T>(ref T value) => throw null;
        [Intrinsic] public static int SizeOf<T>() => throw null;
        [Intrinsic] public static ref T Add<T>(ref T source, int elementOffset) => throw null;
        [Intrinsic] public static ref T Add<T>(ref T source, nint elementOffset) => throw null;
        [Intrinsic] public static ref T Add<T>(ref T source, nuint elementOffset) => throw null;
        [Intrinsic] public static void* Add<T>(void* source, int elementOffset) => throw null;
        [Intrinsic] public static ref T AddByteOffset<T>(ref T source, nint byteOffset) => throw null;
        [Intrinsic] public static ref T AddByteOffset<T>(ref T source, nuint byteOffset) => throw null;
        [Intrinsic] public static ref T Subtract<T>(ref T source, int elementOffset) => throw null;
        [Intrinsic] public static nint ByteOffset<T>(ref readonly T origin, ref readonly T target) => throw null;
        [Intrinsic] public static bool AreSame<T>(ref readonly T left, ref readonly T right) => throw null;
        [Intrinsic] public static bool IsAddressGreaterThan<T>(ref readonly T left, ref readonly T right) => throw null;
        [Intrinsic] public static bool IsAddressLessThan<T>(ref readonly T left, ref readonly T right) => throw null;
        [Intrinsic] public static ref T NullRef<T>() => throw null;
        [Intrinsic] public static bool IsNullRef<T>(ref readonly T source) => throw null;
        [Intrinsic] public static T Read<T>(void* source) => throw null;
        [Intrinsic] public static void Write<T>(void* destination, T value) => throw null;
        [Intrinsic] public static T ReadUnaligned<T>(void* source) => throw null;
        [Intrinsic] public static T ReadUnaligned<T>(ref readonly byte source) => throw null;
        [Intrinsic] public static void WriteUnaligned<T>(void* destination, T value) => throw null;
        [Intrinsic] public static void WriteUnaligned<T>(ref byte destination, T value) => throw null;
        [Intrinsic] public static void CopyBlock(void* destination, void* source, uint byteCount) => throw null;
        [Intrinsic] public static void CopyBlock(ref byte destination, ref readonly byte source, uint byteCount) => throw null;
        [Intrinsic] public static void InitBlock(void* startAddress, byte value, uint byteCount) => throw null;
        [Intrinsic] public static void InitBlockUnaligned(ref byte startAddress, byte value, uint byteCount) => throw null;
        [Intrinsic] public static void SkipInit<T>(out T value) => throw null;
        [Intrinsic] public static ref T Unbox<T>(object box) where T : struct => throw null;
        [Intrinsic] public static T BitCast<TFrom, T>(TFrom source) where TFrom : struct where T : struct => throw null;
    }
}
