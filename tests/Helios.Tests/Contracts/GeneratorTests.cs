// The source generator, driven the way the compiler drives it: front-end diagnostics become errors located in the
// .contract file; otherwise each contract gets a descriptor class that compiles against the real BCL and against
// Helios's runtime alone, and whose data is the front end's model.
extern alias ContractGenerator;
using System.Collections.Immutable;
using System.Reflection;
using System.Runtime.Loader;
using Helios.Contracts;
using Helios.Contracts.Semantics;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Xunit;
using Generator = ContractGenerator::Helios.Contracts.Generator.ContractGenerator;

namespace Helios.Tests.Contracts;

public class GeneratorTests
{
    private static readonly MetadataReference[] Bcl = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
        .Split(Path.PathSeparator).Where(p => Path.GetFileName(p).StartsWith("System.", StringComparison.Ordinal) || Path.GetFileName(p) == "netstandard.dll")
        .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p)).ToArray();

    private static readonly string HeliosRuntime = Path.Combine(TestData.Repo.Root, "artifacts", "bin", "Helios.Runtime", "debug", "Helios.Runtime.dll");

    private sealed record Run(Compilation Output, ImmutableArray<Diagnostic> Diagnostics, GeneratorDriverRunResult Result);

    private static Run Generate(IEnumerable<(string Path, string Text)> contracts, Dictionary<string, string> properties = null, string csharp = "")
    {
        var compilation = CSharpCompilation.Create("Probe", new[] { CSharpSyntaxTree.ParseText(csharp) }, Bcl,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        GeneratorDriver driver = CSharpGeneratorDriver.Create(
            new[] { new Generator().AsSourceGenerator() },
            contracts.Select(c => (AdditionalText)new ContractText(c.Path, c.Text)),
            optionsProvider: new BuildProperties(properties ?? new Dictionary<string, string>()));
        driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> diagnostics);
        return new Run(output, diagnostics, driver.GetRunResult());
    }

    private static IEnumerable<(string, string)> Files(IEnumerable<string> paths) => paths.Select(p => (p, File.ReadAllText(p)));

    [Fact]
    public void DiagnosticsAreErrorsAtTheContractsLineAndColumn()
    {
        string path = Path.Combine(ContractFiles.Corpus, "invalid", "wrong-direction.contract");
        Run run = Generate(Files(new[] { path }));
        Assert.Equal(2, run.Diagnostics.Length);
        foreach (Diagnostic d in run.Diagnostics)
        {
            Assert.Equal("HL0207", d.Id);
            Assert.Equal(DiagnosticSeverity.Error, d.Severity);
            Assert.Equal(path, d.Location.GetLineSpan().Path);
        }
        FileLinePositionSpan first = run.Diagnostics.OrderBy(d => d.Location.SourceSpan.Start).First().Location.GetLineSpan();
        Assert.Equal((6, 17), (first.StartLinePosition.Line, first.StartLinePosition.Character));
        Assert.Equal((6, 22), (first.EndLinePosition.Line, first.EndLinePosition.Character));
        Assert.Contains("message Ping is 'in'", run.Diagnostics.OrderBy(d => d.Location.SourceSpan.Start).First().GetMessage());
        Assert.Empty(run.Result.GeneratedTrees);
    }

    [Fact]
    public void EveryValidContractCompilesAgainstTheBclAndAgainstHeliosRuntime()
    {
        var sets = ContractFiles.Valid.Select(f => new[] { f }).Append(ContractFiles.System.ToArray());
        foreach (string[] set in sets)
        {
            Run run = Generate(Files(set));
            Assert.Empty(run.Diagnostics);
            Assert.NotEmpty(run.Result.GeneratedTrees);
            var errors = run.Output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
            Assert.True(errors.Count == 0, string.Join(", ", set.Select(Path.GetFileName)) + ":\n" + string.Join("\n", errors));

            // The same sources with nothing but our runtime as the core library: no LINQ, no reflection, no BCL extras.
            var bare = CSharpCompilation.Create("Bare", run.Result.GeneratedTrees, new[] { MetadataReference.CreateFromFile(HeliosRuntime) },
                new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
            var bareErrors = bare.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
            Assert.True(bareErrors.Count == 0, "against Helios.Runtime:\n" + string.Join("\n", bareErrors));
        }
    }

    [Fact]
    public void DescriptorDataIsTheModel()
    {
        ContractCompilation models = ContractFiles.CompileSystem();
        Run run = Generate(Files(ContractFiles.System));
        using var image = new MemoryStream();
        Assert.True(run.Output.Emit(image).Success);
        var context = new AssemblyLoadContext("descriptors", isCollectible: true);
        try
        {
            Assembly assembly = context.LoadFromStream(new MemoryStream(image.ToArray()));
            foreach (ContractModel model in models.Contracts)
            {
                Type descriptor = assembly.GetType($"Helios.Contracts.{model.Name}+Descriptor", throwOnError: true)!;
                object Get(string name) => descriptor.GetField(name)!.GetValue(null)!;
                Assert.Equal(model.Name, Get("Name"));
                Assert.Equal(model.Id, Get("Id"));
                Assert.Equal(model.Fingerprint, Get("Fingerprint"));
                Assert.Equal(model.Messages.Select(m => m.Name), (string[])Get("MessageNames"));
                Assert.Equal(model.Messages.Select(m => m.Tag), (ushort[])Get("MessageTags"));
                Assert.Equal(model.Messages.Select(m => m.DeclaringContractId), (ulong[])Get("MessageContractIds"));
                Assert.Equal(model.Messages.Select(m => (ushort)m.Size), (ushort[])Get("MessageSizes"));
                Assert.Equal(model.Messages.Select(m => (byte)m.DescriptorCount), (byte[])Get("MessageDescriptorCounts"));
                Assert.Equal(model.Messages.SelectMany(m => m.Fields).Select(f => (ushort)f.Offset), (ushort[])Get("FieldOffsets"));
                Assert.Equal(model.Messages.SelectMany(m => m.Fields).Select(f => f.Type.Name), (string[])Get("FieldTypes"));
                Assert.Equal(model.States.Select(s => s.Name), (string[])Get("StateNames"));
                Assert.Equal(model.Table.Senders, (byte[])Get("StateSenders"));
                Assert.Equal(model.Table.Next, (ushort[])Get("Transitions"));

                MethodInfo ofTag = descriptor.GetMethod("MessageOfTag")!, next = descriptor.GetMethod("NextState")!;
                Type side = descriptor.GetNestedType("Side")!;
                foreach (MessageModel m in model.Messages) Assert.Equal(m.Index, ofTag.Invoke(null, new object[] { m.Tag }));
                for (int s = 0; s < model.States.Count; s++)
                    for (int m = 0; m < model.Messages.Count; m++)
                        foreach (StateSender who in new[] { StateSender.Importer, StateSender.Exporter })
                            Assert.Equal(model.Table.NextState(s, m, who), next.Invoke(null, new[] { s, m, Enum.ToObject(side, (byte)who) }));
                foreach (MessageModel m in model.Messages)
                    Assert.Equal(m.Tag, Convert.ToUInt16(Enum.Parse(descriptor.GetNestedType("Tag")!, m.Name)));
            }
        }
        finally
        {
            context.Unload();
        }
    }

    [Theory]
    [InlineData(null, null, "Helios.Contracts")]
    [InlineData(null, "My.App", "My.App")]
    [InlineData("Chosen.Space", "My.App", "Chosen.Space")]
    public void TheNamespaceFollowsTheBuild(string contractNamespace, string rootNamespace, string expected)
    {
        var properties = new Dictionary<string, string>();
        if (contractNamespace is not null) properties["build_property.HeliosContractNamespace"] = contractNamespace;
        if (rootNamespace is not null) properties["build_property.RootNamespace"] = rootNamespace;
        Run run = Generate(new[] { ("p.contract", "contract P { in message X(); state S: X? -> S; }") }, properties,
            $"public static class User {{ public static ulong Id => {expected}.P.Descriptor.Id; }}");
        Assert.Empty(run.Output.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
    }

    [Fact]
    public void UnchangedContractsAreNotRecompiledWhenCSharpChanges()
    {
        var contracts = new[] { (AdditionalText)new ContractText("p.contract", "contract P { in message X(); state S: X? -> S; }") };
        var compilation = CSharpCompilation.Create("Probe", new[] { CSharpSyntaxTree.ParseText("class A { }") }, Bcl,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new Generator().AsSourceGenerator() }, contracts,
            optionsProvider: new BuildProperties(new Dictionary<string, string>()),
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));
        driver = driver.RunGenerators(compilation);
        driver = driver.RunGenerators(compilation.AddSyntaxTrees(CSharpSyntaxTree.ParseText("class B { }")));
        GeneratorRunResult result = driver.GetRunResult().Results.Single();
        var reasons = result.TrackedOutputSteps.SelectMany(s => s.Value).SelectMany(s => s.Outputs).Select(o => o.Reason).ToList();
        Assert.NotEmpty(reasons);
        Assert.All(reasons, r => Assert.Equal(IncrementalStepRunReason.Cached, r));
    }

    private sealed class ContractText(string path, string text) : AdditionalText
    {
        public override string Path { get; } = path;

        public override SourceText GetText(CancellationToken cancellationToken = default) => SourceText.From(text);
    }

    private sealed class BuildProperties(Dictionary<string, string> values) : AnalyzerConfigOptionsProvider
    {
        private readonly Options _global = new(values);
        private static readonly Options None = new(new Dictionary<string, string>());

        public override AnalyzerConfigOptions GlobalOptions => _global;

        public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => None;

        public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => None;

        private sealed class Options(Dictionary<string, string> values) : AnalyzerConfigOptions
        {
            public override bool TryGetValue(string key, out string value) => values.TryGetValue(key, out value);
        }
    }
}
