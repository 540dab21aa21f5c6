// What ilc records about a compiled method in the LSDA of each of its unwind records (ilc's contract): whether the
// code is the method's main body or one of its funclets (the compiled catch, filter, finally and fault blocks), where
// the main body starts (EH clause offsets count from there), and where the method's EH clauses are.
//   main body: u8 flags, [rel32 associated data], [rel32 EH info], GC info
//   funclet  : u8 flags, rel32 to the main body's LSDA, u32 funclet start minus main body start
namespace Internal.Runtime.ExceptionHandling
{
    public enum CodeKind : byte
    {
        MainBody = 0,
        Handler = 1,        // a catch, finally or fault funclet
        Filter = 2,         // a filter funclet
    }

    public struct ManagedCodeInfo
    {
        private const byte KindMask = 0x03;
        private const byte HasEHInfo = 0x04;
        private const byte HasAssociatedData = 0x10;

        public CodeKind Kind;
        public ulong MethodStart;
        public ulong EHInfo;        // 0 when the method has no EH clauses

        public readonly bool IsFunclet => Kind != CodeKind.MainBody;

        public static bool TryDecode(ImageView image, in FrameDescription frame, out ManagedCodeInfo info)
        {
            info = default;
            if (frame.Lsda == 0) return false;
            var lsda = new ImageReader(image, frame.Lsda);
            byte flags = lsda.U8();
            info.Kind = (CodeKind)(flags & KindMask);
            if (info.Kind > CodeKind.Filter) return false;
            ulong mainLsda = frame.Lsda;
            info.MethodStart = frame.PcBegin;
            if (info.IsFunclet)
            {
                ulong field = lsda.Address;
                mainLsda = field + (ulong)(long)lsda.S32();
                info.MethodStart = frame.PcBegin - lsda.U32();
                lsda = new ImageReader(image, mainLsda);
                flags = lsda.U8();
                if ((flags & KindMask) != 0) return false;
            }
            if ((flags & HasAssociatedData) != 0) lsda.S32();
            if ((flags & HasEHInfo) != 0)
            {
                ulong field = lsda.Address;
                info.EHInfo = field + (ulong)(long)lsda.S32();
            }
            return !lsda.Failed;
        }
    }
}
