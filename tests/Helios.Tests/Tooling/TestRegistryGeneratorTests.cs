// The test generator (build/Helios.TestGenerator) run on made-up sources: the registry it writes and the mistakes it
// reports at build time instead of leaving them to the harness.
using Helios.TestGenerator;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Helios.Tests.Tooling;

public class TestRegistryGeneratorTests
{
    private const string Framework = """
        namespace Helios.Testing
        {
            [System.AttributeUsage(System.AttributeTargets.Method)]
            public sealed class TestAttribute : System.Attribute { public string Category { get; set; } }
            public sealed unsafe class TestCase
            {
                public TestCase(string name, string category, string expectPanic, delegate*<void> run) { }
            }
        }
        """;

    private static (IReadOnlyList<Diagnostic> Diagnostics, string Registry) Generate(string source)
    {
        CSharpCompilation compilation = CSharpCompilation.Create("Probe",
            [CSharpSyntaxTree.ParseText(Framework, path: "Framework.cs"), CSharpSyntaxTree.ParseText(source, path: "Tests.cs")],
            [MetadataReference.CreateFromFile(typeof(object).Assembly.Location)],
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, allowUnsafe: true));
        GeneratorDriver driver = CSharpGeneratorDriver.Create(new TestRegistryGenerator()).RunGenerators(compilation);
        GeneratorRunResult result = Assert.Single(driver.GetRunResult().Results);
        return (result.Diagnostics, Assert.Single(result.GeneratedSources).SourceText.ToString());
    }

    [Fact]
    public void EveryTestIsRegisteredUnderItsName()
    {
        (IReadOnlyList<Diagnostic> diagnostics, string registry) = Generate("""
            using Helios.Testing;
            static class ParserTests { [Test] public static void ReadsTheHeader() { } }
            static class Heap { [Test] public static void Grows() { } }
            """);
        Assert.Empty(diagnostics);
        Assert.Contains("\"Parser.ReadsTheHeader\"", registry);
        Assert.Contains("\"Heap.Grows\"", registry);
    }

    [Fact]
    public void TwoTestsWithOneNameAreAnError()
    {
        // ParserTests.Reads and Parser.Reads are both "Parser.Reads"; so are the same class in two namespaces.
        (IReadOnlyList<Diagnostic> diagnostics, string registry) = Generate("""
            using Helios.Testing;
            namespace A { static class ParserTests { [Test] public static void Reads() { } } }
            namespace B { static class Parser { [Test] public static void Reads() { } } }
            namespace C { static class ParserTests { [Test] public static void Reads() { } [Test] public static void Writes() { } } }
            """);
        Assert.Equal(2, diagnostics.Count);
        Assert.All(diagnostics, d =>
        {
            Assert.Equal("HT0002", d.Id);
            Assert.Equal(DiagnosticSeverity.Error, d.Severity);
            Assert.Contains("'Parser.Reads' is already used by A.ParserTests.Reads", d.GetMessage());
            Assert.Equal("Tests.cs", d.Location.GetLineSpan().Path);
        });
        Assert.Single(registry.Split('\n'), l => l.Contains("\"Parser.Reads\""));
        Assert.Contains("\"Parser.Writes\"", registry);
    }

    [Fact]
    public void ATestThatTakesParametersIsAnError()
    {
        (IReadOnlyList<Diagnostic> diagnostics, _) = Generate("""
            using Helios.Testing;
            static class ParserTests { [Test] public static void Reads(int n) { } }
            """);
        Assert.Equal("HT0001", Assert.Single(diagnostics).Id);
    }
}
