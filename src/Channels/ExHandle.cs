// Handles are 64-bit: the slot index in the low half, the slot's generation in the high half; 0 is null. The same
// value travels in a message descriptor's handle field (docs/contracts.md) on this kernel.
using System.Runtime.CompilerServices;

namespace Helios.Channels
{
    public static class ExHandle
    {
        public const ulong Null = 0;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ulong Make(int slot, uint generation) => ((ulong)generation << 32) | (uint)slot;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int SlotOf(ulong handle) => (int)(uint)handle;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static uint GenerationOf(ulong handle) => (uint)(handle >> 32);
    }
}
