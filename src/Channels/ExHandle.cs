// Handles are 64-bit: the slot index in the low half, the slot's generation in the high half; 0 is null. The same
// value travels in a message descriptor's handle field (docs/contracts.md) on this kernel.
namespace Helios.Channels
{
    public static class ExHandle
    {
        public const ulong Null = 0;

        public static ulong Make(int slot, uint generation) => ((ulong)generation << 32) | (uint)slot;

        public static int SlotOf(ulong handle) => (int)(uint)handle;

        public static uint GenerationOf(ulong handle) => (uint)(handle >> 32);
    }
}
