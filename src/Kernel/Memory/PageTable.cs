// A 4-level page table (48-bit virtual addresses, 512 entries a table) built the same way on both ISAs: the ISA's
// PageFormat encodes the entries. Maps with 2 MiB blocks wherever alignment and size allow and 4 KiB pages elsewhere,
// splitting a block when part of it changes. Pure logic over IPageTableMemory, so the host tests build real tables;
// the kernel's AddressSpace adds TLB maintenance.
using System;

namespace Helios.Kernel.Memory
{
    public interface IPageTableMemory
    {
        /// <summary>A zeroed 4 KiB frame to hold a table (its physical address), or 0 when there is none.</summary>
        ulong AllocateTable();

        /// <summary>The 512 entries of the table at a physical address.</summary>
        Span<ulong> Entries(ulong table);
    }

    public sealed class PageTable
    {
        public const ulong PageSize = 4096;
        public const ulong BlockSize = 2UL << 20;
        public const ulong AddressLimit = 1UL << 48;
        private const int LeafLevel = 3;
        private const int BlockLevel = 2;

        private readonly PageFormat _format;
        private readonly IPageTableMemory _memory;

        public PageTable(PageFormat format, IPageTableMemory memory)
        {
            _format = format;
            _memory = memory;
            Root = NewTable();
        }

        /// <summary>The physical address of the top-level table (CR3, TTBR0_EL1).</summary>
        public ulong Root { get; }

        /// <summary>Maps [virtualAddress, +size) to [physical, +size); both page-aligned.</summary>
        public void Map(ulong virtualAddress, ulong physical, ulong size, MapKind kind)
        {
            Check(virtualAddress, size);
            if ((physical & (PageSize - 1)) != 0) throw new ArgumentException("unaligned physical address 0x" + physical.ToString("x"));
            while (size > 0)
            {
                if (((virtualAddress | physical) & (BlockSize - 1)) == 0 && size >= BlockSize)
                {
                    Span<ulong> directory = TableAt(virtualAddress, BlockLevel, create: true);
                    directory[Index(virtualAddress, BlockLevel)] = _format.Leaf(physical, BlockLevel, kind);
                    virtualAddress += BlockSize;
                    physical += BlockSize;
                    size -= BlockSize;
                }
                else
                {
                    Span<ulong> table = TableAt(virtualAddress, LeafLevel, create: true);
                    table[Index(virtualAddress, LeafLevel)] = _format.Leaf(physical, LeafLevel, kind);
                    virtualAddress += PageSize;
                    physical += PageSize;
                    size -= PageSize;
                }
            }
        }

        /// <summary>Removes the mappings of [virtualAddress, +size); what was not mapped stays unmapped.</summary>
        public void Unmap(ulong virtualAddress, ulong size)
        {
            Check(virtualAddress, size);
            while (size > 0)
            {
                Span<ulong> directory = TableAt(virtualAddress, BlockLevel, create: false);
                if (directory.IsEmpty)
                {
                    ulong skip = BlockSize - (virtualAddress & (BlockSize - 1));
                    if (skip >= size) return;
                    virtualAddress += skip;
                    size -= skip;
                    continue;
                }
                ref ulong entry = ref directory[Index(virtualAddress, BlockLevel)];
                if ((virtualAddress & (BlockSize - 1)) == 0 && size >= BlockSize && (!_format.IsValid(entry) || !_format.IsTable(entry, BlockLevel)))
                {
                    entry = 0;
                    virtualAddress += BlockSize;
                    size -= BlockSize;
                    continue;
                }
                if (_format.IsValid(entry))
                {
                    Span<ulong> table = TableAt(virtualAddress, LeafLevel, create: true);
                    table[Index(virtualAddress, LeafLevel)] = 0;
                }
                virtualAddress += PageSize;
                size -= PageSize;
            }
        }

        /// <summary>The physical address and kind virtualAddress maps to, or false when it is not mapped.</summary>
        public bool TryTranslate(ulong virtualAddress, out ulong physical, out MapKind kind)
        {
            physical = 0;
            kind = MapKind.Memory;
            if (virtualAddress >= AddressLimit) return false;
            ulong table = Root;
            for (int level = 0; level <= LeafLevel; level++)
            {
                ulong entry = _memory.Entries(table)[Index(virtualAddress, level)];
                if (!_format.IsValid(entry)) return false;
                if (level == LeafLevel || !_format.IsTable(entry, level))
                {
                    ulong size = level == LeafLevel ? PageSize : BlockSize;
                    physical = _format.AddressOf(entry) + (virtualAddress & (size - 1));
                    kind = _format.KindOf(entry);
                    return true;
                }
                table = _format.AddressOf(entry);
            }
            return false;
        }

        // The table at level that holds virtualAddress's entry, creating (or splitting blocks into) the tables above
        // it when create is set; empty when it does not exist and create is not set.
        private Span<ulong> TableAt(ulong virtualAddress, int level, bool create)
        {
            ulong table = Root;
            for (int current = 0; current < level; current++)
            {
                Span<ulong> entries = _memory.Entries(table);
                ref ulong entry = ref entries[Index(virtualAddress, current)];
                if (!_format.IsValid(entry))
                {
                    if (!create) return Span<ulong>.Empty;
                    entry = _format.Table(NewTable());
                }
                else if (!_format.IsTable(entry, current))
                {
                    if (!create) return Span<ulong>.Empty;
                    entry = _format.Table(Split(entry, current));
                }
                table = _format.AddressOf(entry);
            }
            return _memory.Entries(table);
        }

        // A table of 512 smaller mappings equal to the block it replaces.
        private ulong Split(ulong block, int level)
        {
            if (level != BlockLevel) throw new InvalidOperationException("only 2 MiB blocks are split");
            ulong table = NewTable();
            Span<ulong> entries = _memory.Entries(table);
            ulong physical = _format.AddressOf(block);
            MapKind kind = _format.KindOf(block);
            for (int i = 0; i < entries.Length; i++)
                entries[i] = _format.Leaf(physical + (ulong)i * PageSize, LeafLevel, kind);
            return table;
        }

        private ulong NewTable()
        {
            ulong table = _memory.AllocateTable();
            if (table == 0) throw new OutOfMemoryException("no frame left for a page table");
            return table;
        }

        private static int Index(ulong virtualAddress, int level) => (int)((virtualAddress >> (39 - 9 * level)) & 511);

        private static void Check(ulong virtualAddress, ulong size)
        {
            if (((virtualAddress | size) & (PageSize - 1)) != 0 || virtualAddress >= AddressLimit || size > AddressLimit - virtualAddress)
                throw new ArgumentException("bad range 0x" + virtualAddress.ToString("x") + " +0x" + size.ToString("x"));
        }
    }
}
