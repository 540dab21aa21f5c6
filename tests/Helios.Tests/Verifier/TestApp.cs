// A verifier test app: one C# file of tests/Verifier, compiled with Roslyn against the built Helios.Runtime (the
// same reference a real SIP compiles against), into a directory of its own with any libraries it declares.
// Directives, each a line comment:
//   // expect: HVnnnn <text>               the verifier must report an error of that rule whose text contains <text>
//   // library Name: <C# source>          compile this one-line source as assembly Name, referenced by the app
//   // allow: Name                        add Name to the policy's allowed assemblies
//   // debug                              compile without optimisation (keeps the nops the patches overwrite)
//   // patch Type.Method: <hex> -> <hex>  replace bytes in that method's IL; {Type.Method} stands for its token
using System.Buffers.Binary;
using System.Globalization;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using System.Text.RegularExpressions;
using Helios.Verifier;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Emit;

namespace Helios.Tests.Verifier;

internal sealed partial class TestApp
{
    private TestApp(string path, VerifierPolicy policy, List<(string Rule, string Text)> expected)
    {
        Path = path;
        Policy = policy;
        Expected = expected;
    }

    /// <summary>Where this test run's apps go; removed when the test process ends.</summary>
    private static readonly string Root = CreateRoot();

    private static string CreateRoot()
    {
        string root = Directory.CreateTempSubdirectory("helios-verifier-tests-").FullName;
        AppDomain.CurrentDomain.ProcessExit += (_, _) =>
        {
            try { Directory.Delete(root, recursive: true); }
            catch (IOException) { }
        };
        return root;
    }

    /// <summary>The compiled app.</summary>
    public string Path { get; }

    public VerifierPolicy Policy { get; }

    public List<(string Rule, string Text)> Expected { get; }

    public VerificationResult Verify() => new AppVerifier(Policy).VerifyFile(Path);

    public static TestApp Build(string sourceFile)
    {
        string source = File.ReadAllText(sourceFile);
        string name = System.IO.Path.GetFileNameWithoutExtension(sourceFile);
        // A directory per build: test classes run in parallel and may build the same app.
        string directory = System.IO.Path.Combine(Root, $"{name}-{Guid.NewGuid():N}");
        Directory.CreateDirectory(directory);

        var policy = new VerifierPolicy();
        policy.ReferencePaths.Add(TestData.RuntimeAssembly);
        var references = new List<MetadataReference> { MetadataReference.CreateFromFile(TestData.RuntimeAssembly) };
        foreach (Match library in LibraryDirective().Matches(source))
        {
            byte[] image = Compile(library.Groups[1].Value, library.Groups[2].Value, references, optimize: true);
            string file = System.IO.Path.Combine(directory, library.Groups[1].Value + ".dll");
            File.WriteAllBytes(file, image);
            references.Add(MetadataReference.CreateFromImage(image));
        }
        foreach (Match allow in AllowDirective().Matches(source)) policy.AllowedAssemblies.Add(allow.Groups[1].Value);

        byte[] app = Compile(name, source, references, optimize: !DebugDirective().IsMatch(source));
        foreach (Match patch in PatchDirective().Matches(source))
            app = Patch(app, patch.Groups[1].Value, patch.Groups[2].Value, patch.Groups[3].Value);
        string path = System.IO.Path.Combine(directory, name + ".dll");
        File.WriteAllBytes(path, app);

        var expected = ExpectDirective().Matches(source).Select(m => (m.Groups[1].Value, m.Groups[2].Value.Trim())).ToList();
        return new TestApp(path, policy, expected);
    }

    /// <summary>C# compiled against Helios.Runtime alone (no BCL), as the app SDK compiles a SIP.</summary>
    public static byte[] Compile(string assembly, string source, IEnumerable<MetadataReference> references, bool optimize) =>
        Compile(assembly, [CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest), path: assembly + ".cs")], references, optimize);

    /// <summary>Source files compiled together into one assembly against Helios.Runtime.</summary>
    public static byte[] CompileFiles(string assembly, IEnumerable<string> files, bool optimize) =>
        Compile(assembly, files.Select(f => CSharpSyntaxTree.ParseText(File.ReadAllText(f), new CSharpParseOptions(LanguageVersion.Latest), path: f)),
            [MetadataReference.CreateFromFile(TestData.RuntimeAssembly)], optimize);

    private static byte[] Compile(string assembly, IEnumerable<SyntaxTree> trees, IEnumerable<MetadataReference> references, bool optimize)
    {
        var compilation = CSharpCompilation.Create(assembly, trees, references,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, allowUnsafe: true,
                optimizationLevel: optimize ? OptimizationLevel.Release : OptimizationLevel.Debug, deterministic: true));
        using var stream = new MemoryStream();
        EmitResult result = compilation.Emit(stream, options: new EmitOptions(runtimeMetadataVersion: "v4.0.30319"));
        if (!result.Success)
            throw new InvalidOperationException($"{assembly} does not compile:\n" + string.Join("\n", result.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error)));
        return stream.ToArray();
    }

    /// <summary>Replaces the first occurrence of a byte pattern inside one method's IL (same length, so nothing moves).</summary>
    public static byte[] Patch(byte[] image, string method, string from, string to)
    {
        using var pe = new PEReader(new MemoryStream(image));
        MetadataReader reader = pe.GetMetadataReader();
        byte[] find = Hex(reader, from), replace = Hex(reader, to);
        if (find.Length != replace.Length) throw new ArgumentException($"patch of {method} changes the IL's length");
        MethodDefinition definition = reader.GetMethodDefinition(Method(reader, method));
        int rva = definition.RelativeVirtualAddress;
        MethodBodyBlock body = pe.GetMethodBody(rva);
        int headerSize = body.Size - body.GetILBytes().Length;
        int start = FileOffset(pe, rva) + headerSize;
        byte[] il = body.GetILBytes();
        int at = il.AsSpan().IndexOf(find);
        if (at < 0) throw new ArgumentException($"{method}'s IL ({Convert.ToHexString(il)}) does not contain {Convert.ToHexString(find)}");
        byte[] patched = (byte[])image.Clone();
        replace.CopyTo(patched, start + at);
        return patched;
    }

    private static byte[] Hex(MetadataReader reader, string text)
    {
        var bytes = new List<byte>();
        foreach (string part in text.Split(' ', StringSplitOptions.RemoveEmptyEntries))
        {
            if (part.StartsWith('{'))
            {
                var token = new byte[4];
                BinaryPrimitives.WriteInt32LittleEndian(token, MetadataTokens.GetToken(Method(reader, part.Trim('{', '}'))));
                bytes.AddRange(token);
            }
            else
            {
                bytes.Add(byte.Parse(part, NumberStyles.HexNumber, CultureInfo.InvariantCulture));
            }
        }
        return [.. bytes];
    }

    private static MethodDefinitionHandle Method(MetadataReader reader, string typeDotMethod)
    {
        int dot = typeDotMethod.LastIndexOf('.');
        foreach (MethodDefinitionHandle handle in reader.MethodDefinitions)
        {
            MethodDefinition method = reader.GetMethodDefinition(handle);
            if (reader.GetString(method.Name) == typeDotMethod[(dot + 1)..] && reader.GetString(reader.GetTypeDefinition(method.GetDeclaringType()).Name) == typeDotMethod[..dot])
                return handle;
        }
        throw new ArgumentException($"no method {typeDotMethod}");
    }

    private static int FileOffset(PEReader pe, int rva)
    {
        foreach (SectionHeader section in pe.PEHeaders.SectionHeaders)
            if (rva >= section.VirtualAddress && rva < section.VirtualAddress + section.VirtualSize)
                return section.PointerToRawData + rva - section.VirtualAddress;
        throw new ArgumentException($"RVA 0x{rva:X} is in no section");
    }

    [GeneratedRegex(@"^// expect: (HV\d{4}) (.+)$", RegexOptions.Multiline)]
    private static partial Regex ExpectDirective();

    [GeneratedRegex(@"^// library ([\w.]+): (.+)$", RegexOptions.Multiline)]
    private static partial Regex LibraryDirective();

    [GeneratedRegex(@"^// allow: ([\w.]+)\s*$", RegexOptions.Multiline)]
    private static partial Regex AllowDirective();

    [GeneratedRegex(@"^// debug\s*$", RegexOptions.Multiline)]
    private static partial Regex DebugDirective();

    [GeneratedRegex(@"^// patch ([\w.]+): ([^-\r\n]+?) -> ([^\r\n]+?)\s*$", RegexOptions.Multiline)]
    private static partial Regex PatchDirective();
}
