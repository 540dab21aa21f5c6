// A checked message: its wire identity (declaring contract id, tag), direction, and fixed layout.
using System.Collections.Generic;
using Helios.Contracts.Syntax;
using Helios.Contracts.Text;

namespace Helios.Contracts.Semantics;

public sealed class MessageModel
{
    public MessageModel(string name, MessageDirection direction, int index, ushort tag, string declaringContract,
        IReadOnlyList<FieldModel> fields, int size, int descriptorCount, MessageSyntax syntax, SourceFile file)
    {
        Name = name;
        Direction = direction;
        Index = index;
        Tag = tag;
        DeclaringContract = declaringContract;
        Fields = fields;
        Size = size;
        DescriptorCount = descriptorCount;
        Syntax = syntax;
        File = file;
    }

    public string Name { get; }

    public MessageDirection Direction { get; }

    /// <summary>Dense index in the contract's message list (inherited messages first, so a base message keeps its index).</summary>
    public int Index { get; }

    /// <summary>The message's wire tag: <see cref="Wire.WireHash.MessageTag"/> of its name.</summary>
    public ushort Tag { get; }

    /// <summary>The contract that declares the message; its id is the one in the message header.</summary>
    public string DeclaringContract { get; }

    public ulong DeclaringContractId => Wire.WireHash.ContractId(DeclaringContract);

    /// <summary>Parameters in declaration order, each with its offset.</summary>
    public IReadOnlyList<FieldModel> Fields { get; }

    /// <summary>Bytes of the whole message: header, descriptors and values, rounded up to 8.</summary>
    public int Size { get; }

    /// <summary>How many exchange-heap arrays and endpoints the message carries.</summary>
    public int DescriptorCount { get; }

    public MessageSyntax Syntax { get; }

    public SourceFile File { get; }

    /// <summary>Whether the importer (client) may send it.</summary>
    public bool ImporterMaySend => Direction != MessageDirection.Out;

    /// <summary>Whether the exporter (server) may send it.</summary>
    public bool ExporterMaySend => Direction != MessageDirection.In;

    public override string ToString() => $"{Name} (tag 0x{Tag:X4}, {Size} bytes)";
}
