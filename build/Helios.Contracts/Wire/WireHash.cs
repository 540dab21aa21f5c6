// Stable wire identities, computed the same way on every host and ISA (never with .NET's randomized string hashing):
// FNV-1a over the UTF-8 bytes of a name. Contract id: 64-bit FNV-1a of the contract's name. Message tag: 32-bit
// FNV-1a of the message's name, folded to 16 bits (high half XOR low half); 0 is reserved, so a fold of 0 becomes 1.
using System.Text;

namespace Helios.Contracts.Wire;

public static class WireHash
{
    public const ulong Fnv64OffsetBasis = 0xCBF29CE484222325UL;
    public const ulong Fnv64Prime = 0x00000100000001B3UL;
    public const uint Fnv32OffsetBasis = 0x811C9DC5U;
    public const uint Fnv32Prime = 0x01000193U;

    public static ulong Fnv1a64(string text)
    {
        ulong hash = Fnv64OffsetBasis;
        foreach (byte b in Encoding.UTF8.GetBytes(text))
        {
            hash ^= b;
            hash = unchecked(hash * Fnv64Prime);
        }
        return hash;
    }

    public static uint Fnv1a32(string text)
    {
        uint hash = Fnv32OffsetBasis;
        foreach (byte b in Encoding.UTF8.GetBytes(text))
        {
            hash ^= b;
            hash = unchecked(hash * Fnv32Prime);
        }
        return hash;
    }

    /// <summary>The id every message of the contract carries in its header.</summary>
    public static ulong ContractId(string contractName) => Fnv1a64(contractName);

    /// <summary>The message's tag: independent of its position and of every other message, so adding one changes no other.</summary>
    public static ushort MessageTag(string messageName)
    {
        uint hash = Fnv1a32(messageName);
        ushort tag = (ushort)((hash >> 16) ^ (hash & 0xFFFF));
        return tag == 0 ? (ushort)1 : tag;
    }
}
