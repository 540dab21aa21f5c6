// The names of the generic parameters in scope when decoding a signature, so messages say "T", not "!0".
using System.Collections.Immutable;
using System.Reflection.Metadata;

namespace Helios.Verifier.Metadata;

internal sealed record GenericNames(ImmutableArray<string> Type, ImmutableArray<string> Method)
{
    public static readonly GenericNames None = new([], []);

    public static GenericNames For(MetadataReader reader, TypeDefinitionHandle type, MethodDefinitionHandle method = default) =>
        new(Names(reader, reader.GetTypeDefinition(type).GetGenericParameters()),
            method.IsNil ? [] : Names(reader, reader.GetMethodDefinition(method).GetGenericParameters()));

    private static ImmutableArray<string> Names(MetadataReader reader, GenericParameterHandleCollection parameters) =>
        [.. parameters.Select(p => reader.GetString(reader.GetGenericParameter(p).Name))];
}
