// A checked message parameter or struct field, with its place in the fixed layout.
using Helios.Contracts.Syntax;

namespace Helios.Contracts.Semantics;

public sealed class FieldModel
{
    public FieldModel(string name, TypeModel type, int offset, int descriptorIndex, FieldSyntax syntax)
    {
        Name = name;
        Type = type;
        Offset = offset;
        DescriptorIndex = descriptorIndex;
        Syntax = syntax;
    }

    public string Name { get; }

    public TypeModel Type { get; }

    /// <summary>Byte offset from the start of the message (header included) or of the struct.</summary>
    public int Offset { get; }

    /// <summary>For a handle, its slot among the message's descriptors; -1 for a value.</summary>
    public int DescriptorIndex { get; }

    public FieldSyntax Syntax { get; }

    public override string ToString() => $"{Type.Name} {Name} @{Offset}";
}
