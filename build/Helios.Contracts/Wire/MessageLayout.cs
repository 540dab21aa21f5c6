// Lays out one message (see WireFormat): the 16-byte header, then one descriptor per handle parameter in
// parameter order, then the value parameters in declaration order at their natural alignment; the block is
// rounded up to 8 bytes. The same layout on every host and ISA: it depends only on the declared types.
using System.Collections.Generic;
using Helios.Contracts.Semantics;
using Helios.Contracts.Syntax;

namespace Helios.Contracts.Wire;

public static class MessageLayout
{
    /// <summary>Offsets for parameters of the given (already resolved) types.</summary>
    public static (List<FieldModel> Fields, long Size, int Descriptors) Compute(IReadOnlyList<(FieldSyntax Syntax, TypeModel Type)> parameters)
    {
        int descriptors = 0;
        foreach ((FieldSyntax _, TypeModel type) in parameters)
            if (type.IsHandle) descriptors++;
        var fields = new List<FieldModel>(parameters.Count);
        long offset = WireFormat.HeaderSize + (long)descriptors * WireFormat.DescriptorSize;
        int slot = 0;
        foreach ((FieldSyntax syntax, TypeModel type) in parameters)
        {
            if (type.IsHandle)
            {
                fields.Add(new FieldModel(syntax.Name.Text, type, WireFormat.HeaderSize + slot * WireFormat.DescriptorSize, slot, syntax));
                slot++;
            }
            else
            {
                offset = (offset + type.Alignment - 1) / type.Alignment * type.Alignment;
                fields.Add(new FieldModel(syntax.Name.Text, type, (int)System.Math.Min(offset, int.MaxValue), -1, syntax));
                offset += type.Size;
            }
        }
        long size = (offset + WireFormat.MessageAlignment - 1) / WireFormat.MessageAlignment * WireFormat.MessageAlignment;
        return (fields, size, descriptors);
    }
}
