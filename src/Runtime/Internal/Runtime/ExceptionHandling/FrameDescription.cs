// One function's entry in .eh_frame: its code range, the language-specific data (LSDA) ilc attached to it, and where
// its call frame instructions are, with what its CIE says about interpreting them. Parsed on demand, never cached:
// a lookup costs a few dozen byte reads, and a throw is not a hot path (the non-throwing path costs nothing).
namespace Internal.Runtime.ExceptionHandling
{
    public struct FrameDescription
    {
        public ulong PcBegin;
        public ulong PcEnd;
        public ulong Lsda;                  // 0 when the function has none (assembly code, some stubs)
        public ulong CodeAlignment;
        public long DataAlignment;
        public int ReturnAddressRegister;   // a DWARF register number
        public ulong CieInstructions;       // the CIE's initial instructions: [CieInstructions, CieInstructionsEnd)
        public ulong CieInstructionsEnd;
        public ulong Instructions;          // the FDE's own: [Instructions, InstructionsEnd)
        public ulong InstructionsEnd;

        public readonly bool Contains(ulong pc) => pc >= PcBegin && pc < PcEnd;

        /// <summary>Parses the FDE at fdeAddress and its CIE; false when either is malformed.</summary>
        public static bool TryParse(ImageView image, ulong fdeAddress, out FrameDescription frame)
        {
            frame = default;
            var fde = new ImageReader(image, fdeAddress);
            uint length = fde.U32();
            if (length == 0 || length == 0xFFFFFFFF) return false;      // terminator, or 64-bit DWARF (not emitted)
            ulong end = fde.Address + length;
            ulong ciePointerAt = fde.Address;
            uint ciePointer = fde.U32();
            if (fde.Failed || ciePointer == 0 || ciePointer > ciePointerAt) return false;   // 0 would make this a CIE

            if (!TryParseCie(image, ciePointerAt - ciePointer, ref frame, out byte fdeEncoding, out byte lsdaEncoding, out bool augmented))
                return false;

            frame.PcBegin = fde.EncodedPointer(fdeEncoding);
            frame.PcEnd = frame.PcBegin + fde.EncodedRange(fdeEncoding);
            if (augmented)
            {
                ulong augmentationLength = fde.Uleb128();
                ulong augmentationEnd = fde.Address + augmentationLength;
                if (lsdaEncoding != ImageReader.EncodingOmit) frame.Lsda = fde.EncodedPointer(lsdaEncoding);
                fde.Address = augmentationEnd;
            }
            frame.Instructions = fde.Address;
            frame.InstructionsEnd = end;
            return !fde.Failed && frame.Instructions <= end && image.Contains(fdeAddress, end - fdeAddress);
        }

        private static bool TryParseCie(ImageView image, ulong cieAddress, ref FrameDescription frame,
            out byte fdeEncoding, out byte lsdaEncoding, out bool augmented)
        {
            fdeEncoding = 0;                    // absolute, pointer-sized: the default without 'R'
            lsdaEncoding = ImageReader.EncodingOmit;
            augmented = false;

            var cie = new ImageReader(image, cieAddress);
            uint length = cie.U32();
            if (length == 0 || length == 0xFFFFFFFF) return false;
            ulong end = cie.Address + length;
            if (cie.U32() != 0) return false;   // a CIE's id is 0 in .eh_frame
            byte version = cie.U8();
            if (version != 1 && version != 3) return false;

            // The augmentation string: 'z' (a length-prefixed block follows), then one letter per item in it.
            ulong augmentation = cie.Address;
            int letters = 0;
            while (cie.U8() != 0 && !cie.Failed) letters++;

            frame.CodeAlignment = cie.Uleb128();
            frame.DataAlignment = cie.Sleb128();
            frame.ReturnAddressRegister = version == 1 ? cie.U8() : (int)cie.Uleb128();

            if (letters > 0)
            {
                var letter = new ImageReader(image, augmentation);
                if (letter.U8() != (byte)'z') return false;        // a pre-'z' augmentation we cannot skip
                augmented = true;
                ulong blockLength = cie.Uleb128();
                ulong blockEnd = cie.Address + blockLength;
                for (int i = 1; i < letters; i++)
                {
                    switch ((char)letter.U8())
                    {
                        case 'L': lsdaEncoding = cie.U8(); break;
                        case 'R': fdeEncoding = cie.U8(); break;
                        case 'P': cie.EncodedPointer(cie.U8()); break;   // a personality routine: ours is built in
                        case 'S': break;                                // signal frame: nothing to read
                        default: return false;
                    }
                }
                cie.Address = blockEnd;
            }
            frame.CieInstructions = cie.Address;
            frame.CieInstructionsEnd = end;
            return !cie.Failed && frame.CieInstructions <= end && image.Contains(cieAddress, end - cieAddress);
        }
    }
}
