// The start_info a PVH loader (QEMU's -kernel on x86) hands the kernel in ebx: where the command line, the E820
// memory map and the ACPI RSDP are. Layout: Xen's public/arch-x86/hvm/start_info.h.
using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Text;

namespace Helios.Kernel.Boot.Pvh
{
    public sealed class PvhStartInfo
    {
        public const uint Magic = 0x336EC578;
        public const int Size = 56;
        private const int MemoryMapEntrySize = 24;
        private const int MaxCommandLine = 4096;
        private const int MaxMemoryMapEntries = 1024;

        private PvhStartInfo() { }

        public uint Version { get; private set; }

        public uint Flags { get; private set; }

        public uint ModuleCount { get; private set; }

        public ulong ModuleListAddress { get; private set; }

        public ulong CommandLineAddress { get; private set; }

        public ulong RsdpAddress { get; private set; }

        public ulong MemoryMapAddress { get; private set; }

        public uint MemoryMapEntries { get; private set; }

        public static PvhStartInfo Read(IPhysicalMemory memory, ulong address)
        {
            ReadOnlySpan<byte> s = memory.Read(address, Size);
            if (s.Length < Size) throw new BootInfoException("PVH start_info at 0x" + address.ToString("x") + " is not readable");
            uint magic = BinaryPrimitives.ReadUInt32LittleEndian(s);
            if (magic != Magic)
                throw new BootInfoException("PVH start_info at 0x" + address.ToString("x") + " has magic 0x" + magic.ToString("x") + ", expected 0x" + Magic.ToString("x"));
            var info = new PvhStartInfo
            {
                Version = BinaryPrimitives.ReadUInt32LittleEndian(s.Slice(4)),
                Flags = BinaryPrimitives.ReadUInt32LittleEndian(s.Slice(8)),
                ModuleCount = BinaryPrimitives.ReadUInt32LittleEndian(s.Slice(12)),
                ModuleListAddress = BinaryPrimitives.ReadUInt64LittleEndian(s.Slice(16)),
                CommandLineAddress = BinaryPrimitives.ReadUInt64LittleEndian(s.Slice(24)),
                RsdpAddress = BinaryPrimitives.ReadUInt64LittleEndian(s.Slice(32)),
            };
            // Version 1 added the memory map.
            if (info.Version >= 1)
            {
                info.MemoryMapAddress = BinaryPrimitives.ReadUInt64LittleEndian(s.Slice(40));
                info.MemoryMapEntries = BinaryPrimitives.ReadUInt32LittleEndian(s.Slice(48));
            }
            return info;
        }

        /// <summary>The command line (ASCII, NUL-terminated in memory); empty when the loader gave none.</summary>
        public string ReadCommandLine(IPhysicalMemory memory)
        {
            if (CommandLineAddress == 0) return "";
            var text = new StringBuilder();
            for (int i = 0; i < MaxCommandLine; i++)
            {
                ReadOnlySpan<byte> b = memory.Read(CommandLineAddress + (ulong)i, 1);
                if (b.Length == 0) throw new BootInfoException("PVH command line at 0x" + CommandLineAddress.ToString("x") + " runs into unreadable memory");
                if (b[0] == 0) return text.ToString();
                text.Append((char)b[0]);
            }
            throw new BootInfoException("PVH command line is longer than " + MaxCommandLine.ToString() + " bytes");
        }

        /// <summary>Where the memory map and the command line lie (commandLine as read, for its length).</summary>
        public List<ReservedRange> Ranges(string commandLine)
        {
            var ranges = new List<ReservedRange>();
            if (MemoryMapAddress != 0) ranges.Add(new ReservedRange(MemoryMapAddress, MemoryMapEntries * (ulong)MemoryMapEntrySize, "PVH memory map"));
            if (CommandLineAddress != 0) ranges.Add(new ReservedRange(CommandLineAddress, (ulong)commandLine.Length + 1, "command line"));
            return ranges;
        }

        /// <summary>The E820 memory map, sorted by address.</summary>
        public List<MemoryRegion> ReadMemoryMap(IPhysicalMemory memory)
        {
            if (MemoryMapAddress == 0 || MemoryMapEntries == 0)
                throw new BootInfoException("PVH start_info (version " + Version.ToString() + ") carries no memory map");
            if (MemoryMapEntries > MaxMemoryMapEntries)
                throw new BootInfoException("PVH memory map claims " + MemoryMapEntries.ToString() + " entries");
            ReadOnlySpan<byte> table = memory.Read(MemoryMapAddress, (int)MemoryMapEntries * MemoryMapEntrySize);
            if (table.Length == 0) throw new BootInfoException("PVH memory map at 0x" + MemoryMapAddress.ToString("x") + " is not readable");
            var regions = new List<MemoryRegion>();
            for (int i = 0; i < MemoryMapEntries; i++)
            {
                ReadOnlySpan<byte> e = table.Slice(i * MemoryMapEntrySize, MemoryMapEntrySize);
                ulong start = BinaryPrimitives.ReadUInt64LittleEndian(e);
                ulong length = BinaryPrimitives.ReadUInt64LittleEndian(e.Slice(8));
                uint type = BinaryPrimitives.ReadUInt32LittleEndian(e.Slice(16));
                if (length != 0) regions.Add(new MemoryRegion(start, length, E820Kind(type)));
            }
            regions.Sort((a, b) => a.Start.CompareTo(b.Start));
            return regions;
        }

        // E820 types (ACPI specification, "System Address Map Interfaces").
        private static MemoryKind E820Kind(uint type) => type switch
        {
            1 => MemoryKind.Usable,
            3 => MemoryKind.AcpiReclaimable,
            4 => MemoryKind.AcpiNvs,
            5 => MemoryKind.Unusable,
            7 => MemoryKind.Persistent,
            _ => MemoryKind.Reserved,
        };
    }
}
