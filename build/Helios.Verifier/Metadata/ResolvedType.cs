// A type definition in some assembly's metadata: the app's own, or one of the allowed assemblies'.
using System.Reflection.Metadata;

namespace Helios.Verifier.Metadata;

internal readonly record struct ResolvedType(MetadataReader Reader, TypeDefinitionHandle Handle)
{
    public TypeDefinition Definition => Reader.GetTypeDefinition(Handle);

    public string Name => TypeNames.Of(Reader, Handle);

    public string AssemblyName => Reader.IsAssembly ? Reader.GetString(Reader.GetAssemblyDefinition().Name) : "?";
}
