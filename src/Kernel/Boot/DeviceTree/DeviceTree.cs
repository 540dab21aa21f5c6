// A flattened device tree (the "DTB" QEMU's virt machine hands an arm64 kernel), parsed into nodes and properties.
// Format: the Devicetree Specification v0.4, chapter 5 (big-endian header, structure block of tokens, strings block).
using System;
using System.Buffers.Binary;
using System.Collections.Generic;

namespace Helios.Kernel.Boot.DeviceTree
{
    public sealed class DeviceTreeNode
    {
        private readonly List<DeviceTreeNode> _children = new List<DeviceTreeNode>();
        private readonly List<KeyValuePair<string, byte[]>> _properties = new List<KeyValuePair<string, byte[]>>();

        internal DeviceTreeNode(string name, DeviceTreeNode parent)
        {
            Name = name;
            Parent = parent;
        }

        /// <summary>The node's name with its unit address, e.g. "memory@40000000" ("" for the root).</summary>
        public string Name { get; }

        public DeviceTreeNode Parent { get; }

        public IReadOnlyList<DeviceTreeNode> Children => _children;

        internal void AddChild(DeviceTreeNode child) => _children.Add(child);

        internal void AddProperty(string name, byte[] value) => _properties.Add(new KeyValuePair<string, byte[]>(name, value));

        /// <summary>The raw value of a property, or null when the node has no such property.</summary>
        public byte[] GetProperty(string name)
        {
            foreach (KeyValuePair<string, byte[]> property in _properties)
                if (property.Key == name) return property.Value;
            return null;
        }

        public bool HasProperty(string name) => GetProperty(name) != null;

        /// <summary>A string property (NUL-terminated in the tree), or null.</summary>
        public string GetString(string name)
        {
            byte[] value = GetProperty(name);
            if (value is null) return null;
            int length = Array.IndexOf(value, (byte)0);
            if (length < 0) length = value.Length;
            var chars = new char[length];
            for (int i = 0; i < length; i++) chars[i] = (char)value[i];
            return new string(chars);
        }

        public uint? GetUInt32(string name)
        {
            byte[] value = GetProperty(name);
            return value is { Length: 4 } ? BinaryPrimitives.ReadUInt32BigEndian(value) : null;
        }

        /// <summary>The child whose name is name, or name@unit-address.</summary>
        public DeviceTreeNode FindChild(string name)
        {
            foreach (DeviceTreeNode child in _children)
                if (child.Name == name || (child.Name.StartsWith(name) && child.Name.Length > name.Length && child.Name[name.Length] == '@'))
                    return child;
            return null;
        }

        /// <summary>The "reg" property as (address, size) pairs, decoded with the parent's #address-cells and #size-cells.</summary>
        public List<(ulong Address, ulong Size)> GetRegisters()
        {
            var result = new List<(ulong, ulong)>();
            byte[] reg = GetProperty("reg");
            if (reg is null) return result;
            // Cell counts are unsigned in the tree; anything above 2 (64 bits) is refused before it is used as an int.
            uint addressCellsValue = Parent?.GetUInt32("#address-cells") ?? 2;
            uint sizeCellsValue = Parent?.GetUInt32("#size-cells") ?? 1;
            int addressCells = addressCellsValue > 2 ? -1 : (int)addressCellsValue;
            int sizeCells = sizeCellsValue > 2 ? -1 : (int)sizeCellsValue;
            int stride = (addressCells + sizeCells) * 4;
            if (addressCells < 0 || sizeCells < 0 || stride == 0 || reg.Length % stride != 0)
                throw new BootInfoException("device tree: node " + Name + " has a reg property of " + reg.Length.ToString()
                                            + " bytes for #address-cells=" + addressCellsValue.ToString() + ", #size-cells=" + sizeCellsValue.ToString());
            for (int offset = 0; offset < reg.Length; offset += stride)
                result.Add((ReadCells(reg, offset, addressCells), ReadCells(reg, offset + addressCells * 4, sizeCells)));
            return result;
        }

        private static ulong ReadCells(byte[] bytes, int offset, int cells)
            => cells == 0 ? 0 : cells == 1
                ? BinaryPrimitives.ReadUInt32BigEndian(bytes.AsSpan(offset))
                : BinaryPrimitives.ReadUInt64BigEndian(bytes.AsSpan(offset));
    }

    public sealed class FlattenedDeviceTree
    {
        public const uint Magic = 0xD00DFEED;
        public const int HeaderSize = 40;

        private const uint TokenBeginNode = 1;
        private const uint TokenEndNode = 2;
        private const uint TokenProperty = 3;
        private const uint TokenNop = 4;
        private const uint TokenEnd = 9;

        private FlattenedDeviceTree(DeviceTreeNode root, List<(ulong, ulong)> reserved, uint bootCpu)
        {
            Root = root;
            ReservedMemory = reserved;
            BootCpuId = bootCpu;
        }

        public DeviceTreeNode Root { get; }

        /// <summary>The memory reservation block: ranges the kernel must not use.</summary>
        public List<(ulong Address, ulong Size)> ReservedMemory { get; }

        public uint BootCpuId { get; }

        /// <summary>The largest tree the kernel reads: QEMU's are well under 1 MiB, Linux allows 2 MiB.</summary>
        public const int MaxSize = 4 << 20;

        /// <summary>
        /// How many bytes from the start hold the tree's blocks, from its header; 0 if this is not a device tree.
        /// (QEMU pads its tree to 1 MiB: the blocks are what needs reading.) A header that claims more than MaxSize
        /// is a BootInfoException.
        /// </summary>
        public static int ReadUsedSize(ReadOnlySpan<byte> header)
        {
            if (header.Length < HeaderSize || BinaryPrimitives.ReadUInt32BigEndian(header) != Magic) return 0;
            ulong totalSize = BinaryPrimitives.ReadUInt32BigEndian(header.Slice(4));
            ulong structEnd = (ulong)BinaryPrimitives.ReadUInt32BigEndian(header.Slice(8)) + BinaryPrimitives.ReadUInt32BigEndian(header.Slice(36));
            ulong stringsEnd = (ulong)BinaryPrimitives.ReadUInt32BigEndian(header.Slice(12)) + BinaryPrimitives.ReadUInt32BigEndian(header.Slice(32));
            ulong used = Math.Max(Math.Max(structEnd, stringsEnd), BinaryPrimitives.ReadUInt32BigEndian(header.Slice(16)) + 16UL);
            ulong size = Math.Min(Math.Max(used, (ulong)HeaderSize), totalSize);
            if (size > MaxSize)
                throw new BootInfoException("device tree: header claims " + size.ToString() + " bytes, more than the " + MaxSize.ToString() + " a tree may have");
            return (int)size;
        }

        public static FlattenedDeviceTree Parse(ReadOnlySpan<byte> blob)
        {
            if (blob.Length < HeaderSize) throw new BootInfoException("device tree: blob is shorter than its header");
            uint magic = BinaryPrimitives.ReadUInt32BigEndian(blob);
            if (magic != Magic) throw new BootInfoException("device tree: magic is 0x" + magic.ToString("x") + ", expected 0xd00dfeed");
            uint totalSize = BinaryPrimitives.ReadUInt32BigEndian(blob.Slice(4));
            uint structOffset = BinaryPrimitives.ReadUInt32BigEndian(blob.Slice(8));
            uint stringsOffset = BinaryPrimitives.ReadUInt32BigEndian(blob.Slice(12));
            uint reserveOffset = BinaryPrimitives.ReadUInt32BigEndian(blob.Slice(16));
            uint lastCompatibleVersion = BinaryPrimitives.ReadUInt32BigEndian(blob.Slice(24));
            uint bootCpu = BinaryPrimitives.ReadUInt32BigEndian(blob.Slice(28));
            uint stringsSize = BinaryPrimitives.ReadUInt32BigEndian(blob.Slice(32));
            uint structSize = BinaryPrimitives.ReadUInt32BigEndian(blob.Slice(36));
            ulong available = Math.Min(totalSize, (uint)blob.Length);
            if (structOffset + (ulong)structSize > available || stringsOffset + (ulong)stringsSize > available || reserveOffset >= available)
                throw new BootInfoException("device tree: header blocks lie outside its " + available.ToString() + " bytes");
            if (lastCompatibleVersion > 17) throw new BootInfoException("device tree: version " + lastCompatibleVersion.ToString() + " is newer than 17");

            ReadOnlySpan<byte> structure = blob.Slice((int)structOffset, (int)structSize);
            ReadOnlySpan<byte> strings = blob.Slice((int)stringsOffset, (int)stringsSize);
            return new FlattenedDeviceTree(ParseStructure(structure, strings), ParseReservations(blob.Slice((int)reserveOffset, (int)(available - reserveOffset))), bootCpu);
        }

        /// <summary>The node at an absolute path such as "/chosen" or "/cpus", or null.</summary>
        public DeviceTreeNode Find(string path)
        {
            DeviceTreeNode node = Root;
            foreach (string part in path.Split('/', StringSplitOptions.RemoveEmptyEntries))
            {
                node = node.FindChild(part);
                if (node is null) return null;
            }
            return node;
        }

        private static List<(ulong, ulong)> ParseReservations(ReadOnlySpan<byte> block)
        {
            var list = new List<(ulong, ulong)>();
            for (int offset = 0; offset + 16 <= block.Length; offset += 16)
            {
                ulong address = BinaryPrimitives.ReadUInt64BigEndian(block.Slice(offset));
                ulong size = BinaryPrimitives.ReadUInt64BigEndian(block.Slice(offset + 8));
                if (address == 0 && size == 0) return list;
                list.Add((address, size));
            }
            throw new BootInfoException("device tree: memory reservation block has no terminating entry");
        }

        private static DeviceTreeNode ParseStructure(ReadOnlySpan<byte> structure, ReadOnlySpan<byte> strings)
        {
            DeviceTreeNode root = null, current = null;
            int offset = 0;
            while (true)
            {
                if (offset + 4 > structure.Length) throw new BootInfoException("device tree: structure block ends without FDT_END");
                uint token = BinaryPrimitives.ReadUInt32BigEndian(structure.Slice(offset));
                offset += 4;
                switch (token)
                {
                    case TokenBeginNode:
                        {
                            string name = ReadString(structure, offset, out int length);
                            offset = Align4(offset + length + 1);
                            var node = new DeviceTreeNode(name, current);
                            if (current is null)
                            {
                                if (root is not null) throw new BootInfoException("device tree: more than one root node");
                                root = node;
                            }
                            else
                            {
                                current.AddChild(node);
                            }
                            current = node;
                            break;
                        }
                    case TokenEndNode:
                        if (current is null) throw new BootInfoException("device tree: FDT_END_NODE without a node");
                        current = current.Parent;
                        break;
                    case TokenProperty:
                        {
                            if (current is null || offset + 8 > structure.Length) throw new BootInfoException("device tree: property outside a node");
                            int length = (int)BinaryPrimitives.ReadUInt32BigEndian(structure.Slice(offset));
                            int nameOffset = (int)BinaryPrimitives.ReadUInt32BigEndian(structure.Slice(offset + 4));
                            offset += 8;
                            // Unsigned comparisons: a length near 2^31 must not wrap the sum past the check.
                            if ((uint)length > (uint)(structure.Length - offset) || (uint)nameOffset >= (uint)strings.Length)
                                throw new BootInfoException("device tree: property in node " + current.Name + " runs past its block");
                            current.AddProperty(ReadString(strings, nameOffset, out _), structure.Slice(offset, length).ToArray());
                            offset = Align4(offset + length);
                            break;
                        }
                    case TokenNop:
                        break;
                    case TokenEnd:
                        if (current is not null || root is null) throw new BootInfoException("device tree: FDT_END inside a node");
                        return root;
                    default:
                        throw new BootInfoException("device tree: unknown token 0x" + token.ToString("x") + " at offset " + (offset - 4).ToString());
                }
            }
        }

        private static string ReadString(ReadOnlySpan<byte> block, int offset, out int length)
        {
            length = block.Slice(offset).IndexOf((byte)0);
            if (length < 0) throw new BootInfoException("device tree: string at offset " + offset.ToString() + " is not terminated");
            var chars = new char[length];
            for (int i = 0; i < length; i++) chars[i] = (char)block[offset + i];
            return new string(chars);
        }

        private static int Align4(int offset) => (offset + 3) & ~3;
    }
}
