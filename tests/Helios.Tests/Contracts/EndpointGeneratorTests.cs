// The endpoint types the generator adds when a project references the channel runtime: they compile against the
// BCL and against Helios's runtime alone (with Helios.Channels), follow the layout's offsets, are absent without
// the runtime, and run: a generated PingPong client and server over the CLR host.
extern alias ContractGenerator;
using System.Collections.Immutable;
using System.Reflection;
using System.Runtime.Loader;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;
using Xunit;
using Generator = ContractGenerator::Helios.Contracts.Generator.ContractGenerator;

namespace Helios.Tests.Contracts;

[Collection("ExchangeHeap")]
public class EndpointGeneratorTests
{
    private static readonly MetadataReference[] Bcl = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
        .Split(Path.PathSeparator).Where(p => Path.GetFileName(p).StartsWith("System.", StringComparison.Ordinal) || Path.GetFileName(p) == "netstandard.dll")
        .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p)).ToArray();

    // The host tests compile src/Channels into this assembly: the channel runtime on the BCL.
    private static readonly MetadataReference Channels = MetadataReference.CreateFromFile(typeof(Helios.Channels.Channel).Assembly.Location);

    private static readonly string Bin = Path.Combine(TestData.Repo.Root, "artifacts", "bin");

    private static (Compilation Output, ImmutableArray<Diagnostic> Diagnostics, ImmutableArray<SyntaxTree> Trees) Generate(
        IEnumerable<string> contracts, IEnumerable<MetadataReference> references, string csharp = "")
        => GenerateFrom(contracts.Select(p => (p, File.ReadAllText(p))), references, csharp);

    private static (Compilation Output, ImmutableArray<Diagnostic> Diagnostics, ImmutableArray<SyntaxTree> Trees) GenerateFrom(
        IEnumerable<(string Path, string Text)> contracts, IEnumerable<MetadataReference> references, string csharp = "")
    {
        var compilation = CSharpCompilation.Create("Probe", new[] { CSharpSyntaxTree.ParseText(csharp) }, references,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, allowUnsafe: true, warningLevel: 9999));
        GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new Generator().AsSourceGenerator() },
            contracts.Select(c => (AdditionalText)new Text(c.Path, c.Text)));
        driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> diagnostics);
        return (output, diagnostics, driver.GetRunResult().GeneratedTrees);
    }

    [Fact]
    public void EndpointsCompileAgainstTheBclAndAgainstHeliosRuntimeWithTheChannels()
    {
        var sets = ContractFiles.Valid.Select(f => new[] { f }).Append(ContractFiles.System.ToArray());
        foreach (string[] set in sets)
        {
            var run = Generate(set, Bcl.Append(Channels));
            Assert.Empty(run.Diagnostics);
            Assert.Contains(run.Trees, t => t.FilePath.EndsWith(".Endpoints.g.cs", StringComparison.Ordinal));
            var errors = run.Output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
            Assert.True(errors.Count == 0, string.Join(", ", set.Select(Path.GetFileName)) + ":\n" + string.Join("\n", errors.Take(10)));

            var bare = CSharpCompilation.Create("Bare", run.Trees, new[]
            {
                MetadataReference.CreateFromFile(Path.Combine(Bin, "Helios.Runtime", "debug", "Helios.Runtime.dll")),
                MetadataReference.CreateFromFile(Path.Combine(Bin, "Helios.Channels", "debug", "Helios.Channels.dll")),
            }, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
            var bareErrors = bare.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
            Assert.True(bareErrors.Count == 0, "against Helios.Runtime:\n" + string.Join("\n", bareErrors.Take(10)));
        }
    }

    [Fact]
    public void WithoutTheChannelRuntimeOnlyDescriptorsAreGenerated()
    {
        var run = Generate(ContractFiles.System, Bcl);
        Assert.Empty(run.Diagnostics);
        Assert.DoesNotContain(run.Trees, t => t.FilePath.EndsWith(".Endpoints.g.cs", StringComparison.Ordinal));
    }

    [Fact]
    public void SendsWriteAtTheLayoutsOffsets()
    {
        var run = Generate(ContractFiles.System, Bcl.Append(Channels));
        string file = run.Trees.Single(t => t.FilePath.EndsWith("FileContract.Endpoints.g.cs", StringComparison.Ordinal)).ToString();
        // Read(byte[] in ExHeap buffer @16, long offset @32); ReadDone(buffer @16, int count @32): docs/contracts.md's table.
        Assert.Contains("public void SendRead(global::Helios.Channels.ExArray<byte> buffer, long offset)", file);
        Assert.Contains("__w.WriteArray(0, buffer.Handle);", file);
        Assert.Contains("__w.Write(32, offset);", file);
        Assert.Contains("count = __r.Read<int>(32);", file);
        string structs = run.Trees.Single(t => t.FilePath.EndsWith("ContractStructs.g.cs", StringComparison.Ordinal)).ToString();
        Assert.Contains("LayoutKind.Explicit, Size = 8)", structs);
        Assert.Contains("[global::System.Runtime.InteropServices.FieldOffset(4)] public ushort port;", structs);
    }

    [Fact]
    public void GeneratedEndpointsRunOnTheClrHost()
    {
        const string Program = """
            using Helios.Contracts;
            public static class Probe
            {
                public static int Run()
                {
                    PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp server);
                    int total = 0;
                    for (int i = 0; i < 10; i++)
                    {
                        client.SendPing(i);
                        server.ReceivePing(out int data);
                        server.SendPong(data * 3);
                        client.ReceivePong(out int answer);
                        total += answer;
                    }
                    return total;
                }
            }
            """;
        var run = Generate(ContractFiles.System, Bcl.Append(Channels), Program);
        using var image = new MemoryStream();
        var emitted = run.Output.WithOptions(((CSharpCompilationOptions)run.Output.Options).WithNullableContextOptions(NullableContextOptions.Disable))
            .WithAssemblyName("Probe.Endpoints").Emit(image);
        Assert.True(emitted.Success, string.Join("\n", emitted.Diagnostics.Take(10)));
        Helios.Tests.Channels.ClrChannelHost.Install();
        var context = new AssemblyLoadContext("endpoints", isCollectible: true);
        try
        {
            image.Position = 0;
            Assembly assembly = context.LoadFromStream(image);
            object total = assembly.GetType("Probe")!.GetMethod("Run")!.Invoke(null, null)!;
            Assert.Equal(3 * 45, (int)total);
        }
        finally
        {
            context.Unload();
        }
    }

    [Fact]
    public void ParametersNamedLikeTheEndpointsMembersAreTheCallersValues()
    {
        // Handle and Info are members of every endpoint; a parameter of that name must not be what the message is
        // sent on (it once was: SendPing(ulong Handle) sent on the caller's value as the channel handle).
        const string Contract = """
            contract Shadow {
                in message Ping(ulong Handle, int Info, long Shadow, int Descriptor);
                out message Pong(ulong Handle, byte[] in ExHeap Info);
                state Start: Ping? -> Pong! -> Start;
            }
            """;
        const string Program = """
            using Helios.Contracts;
            public static class Probe
            {
                public static long Run()
                {
                    Shadow.NewChannel(out Shadow.Imp client, out Shadow.Exp server);
                    client.SendPing(0xDEAD, 7, 40, 2);
                    server.ReceivePing(out ulong handle, out int info, out long shadow, out int descriptor);
                    server.SendPong(handle + 1, Helios.Channels.ExArray<byte>.Allocate(4));
                    client.ReceivePong(out ulong answer, out Helios.Channels.ExArray<byte> bytes);
                    bytes.Free();
                    return (long)answer + info + shadow + descriptor;
                }
            }
            """;
        var run = GenerateFrom([("Shadow.contract", Contract)], Bcl.Append(Channels), Program);
        Assert.Empty(run.Diagnostics);
        using var image = new MemoryStream();
        var emitted = run.Output.WithOptions(((CSharpCompilationOptions)run.Output.Options).WithNullableContextOptions(NullableContextOptions.Disable))
            .WithAssemblyName("Probe.Shadow").Emit(image);
        Assert.True(emitted.Success, string.Join("\n", emitted.Diagnostics.Take(10)));
        Helios.Tests.Channels.ClrChannelHost.Install();
        var context = new AssemblyLoadContext("shadow", isCollectible: true);
        try
        {
            image.Position = 0;
            object total = context.LoadFromStream(image).GetType("Probe")!.GetMethod("Run")!.Invoke(null, null)!;
            Assert.Equal(0xDEAEL + 7 + 40 + 2, (long)total);
        }
        finally
        {
            context.Unload();
        }
    }

    [Fact]
    public void ContractsWhoseNamesDifferOnlyInCaseBothCompile()
    {
        var run = GenerateFrom([("a.contract", "contract Ping { in message P(); state S: P? -> S; }\ncontract PING { in message P(); state S: P? -> S; }")],
            Bcl.Append(Channels));
        Assert.Empty(run.Diagnostics);
        Assert.Equal(5, run.Trees.Length);   // two descriptors, two endpoint files, the catalog
        var errors = run.Output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
        Assert.True(errors.Count == 0, string.Join("\n", errors.Take(10)));
    }

    private sealed class Text(string path, string text) : AdditionalText
    {
        public override string Path { get; } = path;

        public override SourceText GetText(CancellationToken cancellationToken = default) => SourceText.From(text);
    }
}
