// The exchange heap's buffer sizes: powers of two from 16 bytes to 64 KiB, carved from 64 KiB chunks of pages (one
// size per chunk); anything larger gets a run of pages of its own. Message blocks (at most 65528 bytes) always fit
// a class, so a send never asks the host for pages once the chunks are warm.
namespace Helios.Channels
{
    internal static class SizeClasses
    {
        public const int Count = 13;                // 16 << 0 .. 16 << 12
        public const byte Large = 0xFF;
        public const uint SmallestBytes = 16;
        public const uint ChunkBytes = 64 * 1024;
        public const ulong PageSize = 4096;

        public static byte Of(ulong bytes)
        {
            if (bytes > ChunkBytes) return Large;
            byte c = 0;
            while ((SmallestBytes << c) < bytes) c++;
            return c;
        }

        public static uint BytesOf(byte sizeClass) => SmallestBytes << sizeClass;

        public static ulong PagesFor(ulong bytes) => (bytes + PageSize - 1) / PageSize;
    }
}
