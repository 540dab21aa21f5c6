// Where in an app's C# source a verifier error is, so that the build reports it at a line an IDE can open: for an
// instruction, the PDB's sequence point covering its IL offset; for a definition (a P/Invoke has no body, a type or
// field none at all), its declaration, found by parsing the documents the PDB lists. Null when the PDB is missing or
// says nothing, and the build reports the error against the assembly instead.
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using Helios.Verifier;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace Helios.BuildTool;

internal sealed class SourceLocator : IDisposable
{
    private readonly FileStream _file;
    private readonly PEReader _pe;
    private readonly MetadataReader _app;
    private readonly MetadataReaderProvider? _pdbProvider;
    private readonly MetadataReader? _pdb;
    private readonly Dictionary<string, SyntaxTree?> _trees = new(StringComparer.Ordinal);

    public SourceLocator(string assembly)
    {
        _file = File.OpenRead(assembly);
        _pe = new PEReader(_file);
        _app = _pe.GetMetadataReader();
        try
        {
            if (_pe.TryOpenAssociatedPortablePdb(assembly, path => File.Exists(path) ? File.OpenRead(path) : null, out _pdbProvider, out _))
                _pdb = _pdbProvider?.GetMetadataReader();
        }
        catch (Exception e) when (e is BadImageFormatException or IOException or InvalidOperationException)
        {
            // A PDB that cannot be read only costs the positions.
            _pdb = null;
        }
    }

    public (string File, int Line, int Column)? Locate(VerificationError error)
    {
        if (_pdb is null || error.Token == 0) return null;
        try
        {
            EntityHandle handle = MetadataTokens.EntityHandle(error.Token);
            return handle.Kind switch
            {
                HandleKind.MethodDefinition => InMethod((MethodDefinitionHandle)handle, error.Offset),
                HandleKind.FieldDefinition => Declaration(_app.GetFieldDefinition((FieldDefinitionHandle)handle).GetDeclaringType(),
                                                          _app.GetString(_app.GetFieldDefinition((FieldDefinitionHandle)handle).Name), -1),
                HandleKind.TypeDefinition => Declaration((TypeDefinitionHandle)handle, null, -1),
                _ => null,
            };
        }
        catch (BadImageFormatException)
        {
            return null;
        }
    }

    private (string, int, int)? InMethod(MethodDefinitionHandle handle, int? offset)
    {
        List<SequencePoint> points = SequencePoints(handle);
        if (points.Count > 0)
        {
            // The point covering the instruction is the last one that starts at or before it.
            SequencePoint at = points[0];
            if (offset is int il)
                foreach (SequencePoint point in points)
                    if (point.Offset <= il) at = point;
            return (Document(at.Document), at.StartLine, at.StartColumn);
        }
        MethodDefinition method = _app.GetMethodDefinition(handle);
        return Declaration(method.GetDeclaringType(), _app.GetString(method.Name), method.GetParameters().Count);
    }

    private List<SequencePoint> SequencePoints(MethodDefinitionHandle handle)
    {
        MethodDebugInformation debug = _pdb!.GetMethodDebugInformation(handle);
        return debug.SequencePointsBlob.IsNil ? [] : debug.GetSequencePoints().Where(p => !p.IsHidden).ToList();
    }

    private string Document(DocumentHandle handle) => _pdb!.GetString(_pdb.GetDocument(handle).Name);

    /// <summary>A member's (or with member null, the type's) declaration in the documents that hold the type's code,
    /// or in every document of the PDB when the type has no code of its own.</summary>
    private (string, int, int)? Declaration(TypeDefinitionHandle type, string? member, int parameters)
    {
        TypeDefinition definition = _app.GetTypeDefinition(type);
        string typeName = _app.GetString(definition.Name);
        int tick = typeName.IndexOf('`');
        if (tick >= 0) typeName = typeName[..tick];
        var documents = definition.GetMethods().SelectMany(SequencePoints).Select(p => Document(p.Document)).Distinct().ToList();
        if (documents.Count == 0) documents = _pdb!.Documents.Select(Document).ToList();
        foreach (string document in documents)
        {
            SyntaxTree? tree = Parse(document);
            if (tree is null) continue;
            foreach (BaseTypeDeclarationSyntax declaration in tree.GetRoot().DescendantNodes().OfType<BaseTypeDeclarationSyntax>())
            {
                if (declaration.Identifier.Text != typeName) continue;
                SyntaxToken? found = member is null ? declaration.Identifier : Member(declaration, member, parameters);
                if (found is SyntaxToken token)
                {
                    LinePosition start = token.GetLocation().GetLineSpan().StartLinePosition;
                    return (document, start.Line + 1, start.Character + 1);
                }
            }
        }
        return null;
    }

    private static SyntaxToken? Member(BaseTypeDeclarationSyntax type, string name, int parameters)
    {
        if (type is not TypeDeclarationSyntax withMembers) return null;
        SyntaxToken? any = null;
        foreach (MemberDeclarationSyntax member in withMembers.Members)
        {
            (SyntaxToken? token, int count) = member switch
            {
                MethodDeclarationSyntax m when m.Identifier.Text == name => (m.Identifier, m.ParameterList.Parameters.Count),
                ConstructorDeclarationSyntax c when name is ".ctor" or ".cctor" => (c.Identifier, c.ParameterList.Parameters.Count),
                FieldDeclarationSyntax f when f.Declaration.Variables.FirstOrDefault(v => v.Identifier.Text == name) is { } v => (v.Identifier, -1),
                _ => ((SyntaxToken?)null, 0),
            };
            if (token is null) continue;
            // Overloads: the one with as many parameters, else the first of the name.
            if (count == parameters) return token;
            any ??= token;
        }
        return any;
    }

    private SyntaxTree? Parse(string path)
    {
        if (_trees.TryGetValue(path, out SyntaxTree? tree)) return tree;
        tree = File.Exists(path) ? CSharpSyntaxTree.ParseText(File.ReadAllText(path), path: path) : null;
        _trees[path] = tree;
        return tree;
    }

    public void Dispose()
    {
        _pdbProvider?.Dispose();
        _pe.Dispose();
        _file.Dispose();
    }
}
