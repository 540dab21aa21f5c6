// Raw memory moves and fills. ilc calls Memmove, Fill and ClearWithoutReferences for block operations (its contract:
// this class, these names, one overload each) and the C symbols below from native-style code. Written as plain loops:
// the JIT never turns them back into helper calls.
using System.Runtime;
using System.Runtime.CompilerServices;

namespace System
{
    internal static unsafe class SpanHelpers
    {
        internal static void Memmove(ref byte destination, ref byte source, nuint length)
            => MoveBytes((byte*)Unsafe.AsPointer(ref destination), (byte*)Unsafe.AsPointer(ref source), length);

        internal static void Fill(ref byte destination, byte value, nuint length)
            => FillBytes((byte*)Unsafe.AsPointer(ref destination), value, length);

        internal static void ClearWithoutReferences(ref byte destination, nuint length)
            => FillBytes((byte*)Unsafe.AsPointer(ref destination), 0, length);

        [RuntimeExport("memset")]
        private static void* MemSetExport(byte* destination, int value, nuint count)
        {
            FillBytes(destination, (byte)value, count);
            return destination;
        }

        [RuntimeExport("memmove")]
        private static void* MemMoveExport(byte* destination, byte* source, nuint count)
        {
            MoveBytes(destination, source, count);
            return destination;
        }

        [RuntimeExport("memcpy")]
        private static void* MemCpyExport(byte* destination, byte* source, nuint count)
        {
            MoveBytes(destination, source, count);
            return destination;
        }

        internal static void ClearBytes(byte* destination, nuint count) => FillBytes(destination, 0, count);

        internal static void FillBytes(byte* destination, byte value, nuint count)
        {
            ulong pattern = value * 0x0101010101010101UL;
            // Four words a step: block fills (a process's image and heap) are a large share of creating a process.
            while (count >= 32)
            {
                ((ulong*)destination)[0] = pattern;
                ((ulong*)destination)[1] = pattern;
                ((ulong*)destination)[2] = pattern;
                ((ulong*)destination)[3] = pattern;
                destination += 32;
                count -= 32;
            }
            while (count >= 8)
            {
                *(ulong*)destination = pattern;
                destination += 8;
                count -= 8;
            }
            while (count-- > 0) *destination++ = value;
        }

        // memmove semantics: correct for overlapping ranges in either direction.
        internal static void MoveBytes(byte* destination, byte* source, nuint count)
        {
            if (destination == source || count == 0) return;
            if (destination < source || destination >= source + count)
            {
                // 64-byte block moves, which the JIT unrolls into vector loads and stores (four 16-byte moves each way
                // on x86_64, two register pairs on arm64). 64 stays within the JIT's unroll limit for a block copy on
                // x86-64-v2 (no AVX): past that limit a block copy becomes a helper call, back here. Four a step:
                // about 0.145 instructions a byte, against 0.16 for two a step and 0.4 for four 8-byte words (arrays
                // between kernels are copied onto a link's ring and off it: docs/channels.md, "Channels between
                // kernels"). The JIT loads each 16 bytes (arm64: 32) just before storing them, in ascending order:
                // with destination below source nothing is overwritten before it is read, so memmove's semantics hold.
                while (count >= 256)
                {
                    *(Block64*)destination = *(Block64*)source;
                    *(Block64*)(destination + 64) = *(Block64*)(source + 64);
                    *(Block64*)(destination + 128) = *(Block64*)(source + 128);
                    *(Block64*)(destination + 192) = *(Block64*)(source + 192);
                    destination += 256;
                    source += 256;
                    count -= 256;
                }
                if (count >= 128)
                {
                    *(Block64*)destination = *(Block64*)source;
                    *(Block64*)(destination + 64) = *(Block64*)(source + 64);
                    destination += 128;
                    source += 128;
                    count -= 128;
                }
                if (count >= 64)
                {
                    *(Block64*)destination = *(Block64*)source;
                    destination += 64;
                    source += 64;
                    count -= 64;
                }
                while (count >= 8)
                {
                    *(ulong*)destination = *(ulong*)source;
                    destination += 8;
                    source += 8;
                    count -= 8;
                }
                while (count-- > 0) *destination++ = *source++;
            }
            else
            {
                destination += count;
                source += count;
                while (count >= 8)
                {
                    destination -= 8;
                    source -= 8;
                    count -= 8;
                    *(ulong*)destination = *(ulong*)source;
                }
                while (count-- > 0) *--destination = *--source;
            }
        }

        // Sixty-four bytes moved as one (MoveBytes).
#pragma warning disable CS0169      // never read by name: only moved whole
        private struct Block64
        {
            private ulong _a, _b, _c, _d, _e, _f, _g, _h;
        }
#pragma warning restore CS0169
    }
}
