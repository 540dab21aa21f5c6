// The wire identities of docs/contracts.md ("Wire identity"), as the kernel recomputes them to check a contract a
// process declares: contract id = FNV-1a 64 of the name's UTF-8 bytes, message tag = FNV-1a 32 of the message's
// name folded to 16 bits (0 becomes 1). Names are ASCII identifiers, so their UTF-8 bytes are their characters.
// The contract compiler computes the same (build/Helios.Contracts/Wire/WireHash.cs; a host test compares them).
namespace Helios.Channels
{
    public static class WireHash
    {
        public static ulong ContractId(string name)
        {
            ulong hash = 0xCBF29CE484222325UL;
            for (int i = 0; i < name.Length; i++)
            {
                hash ^= (byte)name[i];
                hash = unchecked(hash * 0x00000100000001B3UL);
            }
            return hash;
        }

        public static ushort MessageTag(string name)
        {
            uint hash = 0x811C9DC5U;
            for (int i = 0; i < name.Length; i++)
            {
                hash ^= (byte)name[i];
                hash = unchecked(hash * 0x01000193U);
            }
            ushort tag = (ushort)((hash >> 16) ^ (hash & 0xFFFF));
            return tag == 0 ? (ushort)1 : tag;
        }
    }
}
