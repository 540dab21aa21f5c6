// The bit patterns of floating-point numbers, in the BCL's shape (the part of BitConverter that needs no byte arrays).
namespace System
{
    public static unsafe class BitConverter
    {
        public static readonly bool IsLittleEndian = true;

        public static long DoubleToInt64Bits(double value) => *(long*)&value;

        public static double Int64BitsToDouble(long value) => *(double*)&value;

        public static ulong DoubleToUInt64Bits(double value) => *(ulong*)&value;

        public static double UInt64BitsToDouble(ulong value) => *(double*)&value;

        public static int SingleToInt32Bits(float value) => *(int*)&value;

        public static float Int32BitsToSingle(int value) => *(float*)&value;

        public static uint SingleToUInt32Bits(float value) => *(uint*)&value;

        public static float UInt32BitsToSingle(uint value) => *(float*)&value;
    }
}
