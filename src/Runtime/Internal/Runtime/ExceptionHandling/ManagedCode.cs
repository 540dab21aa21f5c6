// This image's compiled code as the unwinder sees it: the image's bytes and its .eh_frame_hdr index. Every image
// (the kernel, each process) carries its own runtime and so its own ManagedCode; a stack walk ends where the image's
// code ends (assembly entry stubs, another image).
namespace Internal.Runtime.ExceptionHandling
{
    public static unsafe class ManagedCode
    {
        private static ImageView s_image;
        private static EhFrameIndex s_index;

        internal static void Register(in ImageLayout layout)
        {
            s_image = new ImageView(layout.ImageStart, (ulong)layout.ImageStart, (ulong)(layout.ImageEnd - layout.ImageStart));
            s_index = layout.EhFrameHeaderStart == layout.EhFrameHeaderEnd
                ? default
                : EhFrameIndex.Open(s_image, (ulong)layout.EhFrameHeaderStart);
        }

        public static ImageView Image => s_image;

        /// <summary>The unwind record and method information of the managed code at pc.</summary>
        public static bool TryFind(ulong pc, out FrameDescription frame, out ManagedCodeInfo code)
        {
            code = default;
            return s_index.TryFind(pc, out frame) && ManagedCodeInfo.TryDecode(s_image, frame, out code);
        }

        /// <summary>True when pc is in code ilc compiled (not assembly, not another image).</summary>
        public static bool Contains(ulong pc) => TryFind(pc, out _, out _);
    }
}
