// Why a link refused a record from the other kernel (Link.RejectedFor counts each): nothing it refuses is acted on.
namespace Helios.Satellite.Links
{
    public enum LinkRejection
    {
        /// <summary>A kind of record this version does not have.</summary>
        UnknownKind,
        /// <summary>Lengths that contradict each other or the record, or reserved bytes that are not zero.</summary>
        Malformed,
        /// <summary>A message or close for a channel that is not open on this link.</summary>
        NoSuchChannel,
        /// <summary>A message out of its channel's sequence (lost, repeated or reordered).</summary>
        OutOfSequence,
        /// <summary>An array descriptor outside the record or the sender's memory window, overlapping another, or of the wrong kind.</summary>
        BadArray,
        /// <summary>A message the protocol does not allow in the channel's state.</summary>
        Protocol,
        /// <summary>An open naming a channel number the other kernel may not choose, or one in use.</summary>
        BadOpen,
        /// <summary>An open of a contract this kernel does not know (and was not declared).</summary>
        UnknownContract,
        /// <summary>A contract declaration that does not decode, validate, or agree with a known contract.</summary>
        BadDeclaration,
        /// <summary>A hello of another version, kernel or set of system contracts.</summary>
        BadHello,
        /// <summary>An endpoint descriptor naming no end carried on this link, of another side, or twice.</summary>
        BadEndpoint,
        Count,
    }
}
