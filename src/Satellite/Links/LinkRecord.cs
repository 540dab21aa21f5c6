// The records a link carries (docs/multikernel.md, "Links"): fixed little-endian layouts with explicit widths and no
// pointers; an array travels inside its message's record, at an offset into it, or (a link whose kernels map each
// other's memory: MemoryWindow) stays where it is in the sender's exchange heap, named by an offset into the sender's
// window, and the receiver copies it from there. Every field a kernel acts on is checked
// by the receiving link (Link.cs) before it acts; these are only the kinds and the offsets.
//
//   Hello    u32 version  u16 kernel id  u8 flags (1: I read your memory: name arrays there)  u8 0
//            u64 system contracts' fingerprint
//   Declare  a contract's declaration (src/Channels/ContractDeclaration.cs), before the first Open of that contract
//   Open     u32 channel  u8 side the receiver holds  u8 purpose  u16 0  u64 contract id  u32 protocol state  u32 0
//   Message  u32 channel  u16 tag  u8 descriptors  u8 0  u32 values length  u32 sequence
//            descriptors × (u8 kind (array)  u8 present (0 null, 1 in the record, 2 in the sender's window)
//                             u16 element size  u32 count  u32 offset (into the record, or the window)  u32 length)
//                       or (u8 kind (importer, exporter)  u8 present  u16 0  u32 channel of an OpenCarried  u32 0  u32 0)
//            the values, then each present array's bytes at its offset
//   Close    u32 channel  u32 reason
namespace Helios.Satellite.Links
{
    public static class LinkRecord
    {
        public const ushort Hello = 1;
        public const ushort Declare = 2;
        public const ushort Open = 3;
        public const ushort Message = 4;
        public const ushort Close = 5;

        public const uint Version = 4;
        public const int HelloSize = 16;

        /// <summary>A hello's flag: the sender maps the receiver's memory (MemoryWindow), so arrays may be named there.</summary>
        public const byte HelloReadsYourMemory = 1;
        public const int OpenSize = 24;
        public const int CloseSize = 8;

        public const int MessageHeaderSize = 16;
        public const int ChannelOffset = 0;
        public const int TagOffset = 4;
        public const int DescriptorCountOffset = 6;
        public const int ValuesLengthOffset = 8;
        public const int SequenceOffset = 12;

        public const int DescriptorSize = 16;
        public const int DescriptorKindOffset = 0;
        public const int DescriptorPresentOffset = 1;
        public const int DescriptorElementSizeOffset = 2;
        public const int DescriptorElementCountOffset = 4;
        public const int DescriptorDataOffset = 8;
        public const int DescriptorLengthOffset = 12;

        /// <summary>
        /// An array descriptor's present byte: a null array; its bytes in the record (at an offset into it); its bytes
        /// left in the sender's exchange heap, at an offset into the sender's MemoryWindow, held there until the
        /// receiver has taken the record.
        /// </summary>
        public const byte ArrayNull = 0;
        public const byte ArrayInRecord = 1;
        public const byte ArrayInWindow = 2;

        /// <summary>
        /// Open purposes: a new channel for whoever accepts the link's channels (Link.TryAccept), or a channel whose end
        /// moved from the other kernel and is held by its number until a request names it (Link.TryTakeHeld: a bind).
        /// </summary>
        public const byte OpenAccepted = 0;
        public const byte OpenHeld = 1;

        /// <summary>
        /// An end carried inside a message (docs/channels.md, "Endpoints between kernels"): the next Message record on
        /// the link that names this channel in an endpoint descriptor carries it; until then messages for it queue at it.
        /// </summary>
        public const byte OpenCarried = 2;

        /// <summary>Close reasons: the far end was closed by its holder; the record that arrived was refused.</summary>
        public const uint ClosedByHolder = 0;
        public const uint ClosedRefused = 1;
    }
}
