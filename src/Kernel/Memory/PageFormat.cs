// What a page-table entry looks like on an ISA: the portable PageTable builds 4-level trees (512 entries a table,
// 4 KiB pages, 2 MiB blocks) and asks the ISA's format (Arch/*/…PageFormat.cs) to encode and decode entries.
namespace Helios.Kernel.Memory
{
    public enum MapKind
    {
        Memory,     // normal RAM: cacheable, writable, executable
        Device,     // MMIO: uncached, strongly ordered, never executed
        ReadOnly,   // another kernel's RAM (a one-copy link reads arrays there): cacheable, never written, never executed
    }

    public abstract class PageFormat
    {
        /// <summary>An entry pointing at the next level's table.</summary>
        public abstract ulong Table(ulong tableAddress);

        /// <summary>A leaf: a 2 MiB block at level 2 or a 4 KiB page at level 3.</summary>
        public abstract ulong Leaf(ulong physical, int level, MapKind kind);

        public abstract bool IsValid(ulong entry);

        /// <summary>Whether a valid entry at level (0-2) points at a table rather than mapping a block.</summary>
        public abstract bool IsTable(ulong entry, int level);

        /// <summary>The physical address an entry maps or points at.</summary>
        public abstract ulong AddressOf(ulong entry);

        /// <summary>The kind of memory a leaf maps.</summary>
        public abstract MapKind KindOf(ulong entry);
    }
}
