// Explicit layout ([StructLayout(LayoutKind.Explicit)] with [FieldOffset]) is how C# writes a union. A union of
// plain data is safe; one that lets a field holding an object reference overlap any other field is not (write an
// integer, read a reference), and neither is a reference at an offset the collector cannot scan.
using System.Collections.Immutable;
using System.Reflection;
using System.Reflection.Metadata;
using Helios.Verifier.Metadata;

namespace Helios.Verifier.Checks;

internal static class ExplicitLayoutCheck
{
    public static void Check(VerificationContext context, TypeDefinitionHandle handle)
    {
        MetadataReader reader = context.Reader;
        TypeDefinition type = reader.GetTypeDefinition(handle);
        if ((type.Attributes & TypeAttributes.LayoutMask) != TypeAttributes.ExplicitLayout) return;
        string where = $"type {TypeNames.Of(reader, handle)}";
        var shapes = new LayoutShapes(context.Resolver);
        ImmutableArray<Shape> unknownArguments = [.. type.GetGenericParameters().Select(_ => Shape.Unknown)];

        var fields = new List<(string Name, long Offset, Shape Shape)>();
        foreach (FieldDefinitionHandle f in type.GetFields())
        {
            FieldDefinition field = reader.GetFieldDefinition(f);
            if ((field.Attributes & FieldAttributes.Static) != 0) continue;
            string name = reader.GetString(field.Name);
            int offset = field.GetOffset();
            if (offset < 0)
            {
                context.Report(VerifierRule.BadImage, where, $"field {name} has explicit layout but no offset");
                continue;
            }
            Shape shape = shapes.OfField(reader, field, unknownArguments);
            if (shape.HasReferences && offset % 8 != 0)
                context.Report(VerifierRule.OverlappingReferences, where, $"field {name} holds an object reference at offset {offset}, which is not a multiple of 8");
            fields.Add((name, offset, shape));
        }

        for (int i = 0; i < fields.Count; i++)
        {
            for (int j = i + 1; j < fields.Count; j++)
            {
                (string a, long aStart, Shape aShape) = fields[i];
                (string b, long bStart, Shape bShape) = fields[j];
                if (!aShape.HasReferences && !bShape.HasReferences) continue;
                bool overlap = aStart < bStart + bShape.Size && bStart < aStart + aShape.Size;
                if (!overlap) continue;
                string reference = aShape.HasReferences ? a : b;
                string other = aShape.HasReferences ? b : a;
                context.Report(VerifierRule.OverlappingReferences, where,
                    $"field {reference} (holding an object reference, at offset {(aShape.HasReferences ? aStart : bStart)}) overlaps field {other} (at offset {(aShape.HasReferences ? bStart : aStart)}): writing one would forge or corrupt the other");
            }
        }
    }
}
