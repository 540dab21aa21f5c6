// Whatever `contract check` accepts, the generator compiles: thousands of generated contracts, valid in shape but
// named as an attacker would name them (C# keywords and contextual keywords, the generated code's own member names,
// names that differ only in case, inherited members such as ToString), each checked by the front end; the descriptors,
// endpoints and structs of every accepted one are compiled with every warning an error, as a project's build does.
// Deterministic: fixed seeds.
extern alias ContractGenerator;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;
using Xunit;
using Xunit.Abstractions;
using GeneratorCompiler = ContractGenerator::Helios.Contracts.ContractCompiler;
using GeneratorCompilation = ContractGenerator::Helios.Contracts.ContractCompilation;
using DescriptorWriter = ContractGenerator::Helios.Contracts.Generator.DescriptorWriter;
using EndpointWriter = ContractGenerator::Helios.Contracts.Generator.EndpointWriter;

namespace Helios.Tests.Contracts;

public class GeneratorFuzzTests(ITestOutputHelper output)
{
    // Names the generated code uses itself, C#'s keywords and contextual keywords, members every type inherits.
    private static readonly string[] Hostile =
    {
        "Handle", "Info", "Descriptor", "Imp", "Exp", "NewChannel", "Name", "Id", "Fingerprint", "Message", "Tag", "State", "Side",
        "Send", "Receive", "On", "Close", "IsClosed", "IsNull", "WaitNext", "TryWaitNext", "AnyCase", "ClosedCase", "ProtocolState",
        "ToString", "Equals", "GetHashCode", "GetType", "MemberwiseClone", "Finalize", "ReferenceEquals", "value", "var", "dynamic",
        "record", "file", "required", "scoped", "global", "System", "Helios", "Channels", "nameof", "async", "await", "_", "x", "X",
        "Start", "End", "Layout", "Values", "Commit", "Write", "Read", "ReadHandle", "timeoutNanoseconds", "message", "handle",
        "importer", "exporter", "ContractInfo", "Channel", "MessageCount", "StateCount", "StartState", "MessageNames", "Transitions",
        "NextState", "MessageOfTag", "BaseName", "field", "managed", "unmanaged", "notnull", "nint", "nuint", "Item", "Length",
        "Count", "Main", "Program", "Fuzz", "ContractCatalog", "ContractStructs", "All", "StructLayout", "FieldOffset", "InteropServices",
        "Runtime", "ExArray", "SelectCase", "MessageWriter", "MessageReader", "class", "int", "string", "object", "this", "base",
        "event", "operator", "params", "new", "in", "out", "ref", "let", "with", "init", "get", "set", "add", "remove", "partial",
        "where", "when", "select", "from", "yield", "alias", "args", "and", "or", "not", "extension", "allows", "Ping", "ping", "PING",
        "PingLayout", "SendPing", "OnPing", "ReceivePing", "__x", "a__b",
    };

    private static readonly string[] Primitives = { "bool", "byte", "sbyte", "short", "ushort", "char", "int", "uint", "float", "long", "ulong", "double" };

    private sealed class Case(Random random)
    {
        private readonly List<string> _contracts = new();
        private readonly List<string> _structs = new();

        public string Name()
        {
            int pick = random.Next(10);
            if (pick < 6) return Hostile[random.Next(Hostile.Length)];
            if (pick < 7 && _contracts.Count > 0) return _contracts[random.Next(_contracts.Count)];
            if (pick < 8 && _structs.Count > 0) return _structs[random.Next(_structs.Count)];
            if (pick < 9)
            {
                // A case variant of a hostile name.
                string n = Hostile[random.Next(Hostile.Length)];
                return n.Length > 1 ? char.ToUpperInvariant(n[0]) + n[1..].ToLowerInvariant() : n.ToUpperInvariant();
            }
            var b = new StringBuilder(((char)('A' + random.Next(26))).ToString());
            for (int i = random.Next(1, 8); i > 0; i--) b.Append((char)('a' + random.Next(26)));
            return b.ToString();
        }

        private string Type(bool parameter)
        {
            int pick = random.Next(10);
            if (pick < 5 || (!parameter && _structs.Count == 0)) return Primitives[random.Next(Primitives.Length)];
            if (pick < 7 && _structs.Count > 0) return _structs[random.Next(_structs.Count)];
            if (!parameter) return Primitives[random.Next(Primitives.Length)];
            if (pick < 8) return (random.Next(2) == 0 ? Primitives[random.Next(Primitives.Length)] : _structs.Count > 0 ? _structs[random.Next(_structs.Count)] : "byte") + "[] in ExHeap";
            if (_contracts.Count > 0) return (random.Next(2) == 0 ? "imp<" : "exp<") + _contracts[random.Next(_contracts.Count)] + ">";
            return "int";
        }

        public string Write()
        {
            var text = new StringBuilder();
            for (int s = random.Next(0, 3); s > 0; s--)
            {
                string name = Name();
                text.Append("struct ").Append(name).Append(" {");
                for (int f = random.Next(1, 4); f > 0; f--) text.Append(' ').Append(Type(parameter: false)).Append(' ').Append(Name()).Append(';');
                text.Append(" }\n");
                _structs.Add(name);
            }
            string previous = null;
            string previousFirstMark = null;
            string previousStart = null;
            for (int c = random.Next(1, 4); c > 0; c--)
            {
                string name = Name();
                bool extend = previous is not null && random.Next(3) == 0;
                text.Append("contract ").Append(name);
                if (extend) text.Append(" : ").Append(previous);
                text.Append(" {\n");
                _contracts.Add(name);
                var steps = new List<string>();
                int messages = extend ? 1 : random.Next(1, 5);
                string firstMark = null;
                for (int m = 0; m < messages; m++)
                {
                    string message = Name();
                    // The first step of an override keeps the base's sender; the others alternate at random.
                    string mark = extend ? previousFirstMark! : random.Next(2) == 0 ? "?" : "!";
                    firstMark ??= mark;
                    string direction = random.Next(4) == 0 ? "" : mark == "?" ? "in " : "out ";
                    text.Append("  ").Append(direction).Append("message ").Append(message).Append('(');
                    int parameters = random.Next(0, 4);
                    for (int p = 0; p < parameters; p++)
                        text.Append(p > 0 ? ", " : "").Append(Type(parameter: true)).Append(' ').Append(Name());
                    text.Append(");\n");
                    steps.Add(message + mark);
                }
                if (extend)
                {
                    text.Append("  override state ").Append(previousStart).Append(": ").Append(steps[0]).Append(" -> ").Append(previousStart).Append(";\n");
                }
                else
                {
                    string start = Name();
                    text.Append("  state ").Append(start).Append(": ").Append(string.Join(" -> ", steps)).Append(" -> ").Append(start).Append(";\n");
                    previousStart = start;
                    previousFirstMark = firstMark;
                }
                text.Append("}\n");
                previous = name;
            }
            return text.ToString();
        }
    }

    private static readonly MetadataReference[] References = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
        .Split(Path.PathSeparator).Where(p => Path.GetFileName(p).StartsWith("System.", StringComparison.Ordinal) || Path.GetFileName(p) == "netstandard.dll")
        .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
        .Append(MetadataReference.CreateFromFile(typeof(Helios.Channels.Channel).Assembly.Location)).ToArray();

    /// <summary>The generated C# of an accepted compilation, in a namespace of its own.</summary>
    private static IEnumerable<string> Generate(GeneratorCompilation compilation, string ns)
    {
        foreach (var contract in compilation.Contracts)
        {
            yield return DescriptorWriter.Write(contract, ns);
            yield return EndpointWriter.Write(contract, ns);
        }
        if (compilation.Contracts.Count > 0) yield return EndpointWriter.WriteCatalog(compilation.Contracts, ns);
        if (compilation.Structs.Count > 0) yield return EndpointWriter.WriteStructs(compilation.Structs, ns);
    }

    /// <summary>Compiles the generated code of many cases at once, every warning an error; fails naming the case.</summary>
    internal static void AssertCompiles(IReadOnlyList<string> accepted, string what)
    {
        const int PerCompilation = 400;
        var parse = new CSharpParseOptions(LanguageVersion.Latest);
        var options = new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, allowUnsafe: true, warningLevel: 9999,
            generalDiagnosticOption: ReportDiagnostic.Error, nullableContextOptions: NullableContextOptions.Disable);
        var failures = new List<string>();
        var kinds = new HashSet<string>();
        for (int batch = 0; batch < accepted.Count; batch += PerCompilation)
        {
            var trees = new List<SyntaxTree>();
            for (int i = batch; i < Math.Min(batch + PerCompilation, accepted.Count); i++)
            {
                GeneratorCompilation compilation = GeneratorCompiler.Compile("case.contract", accepted[i]);
                Assert.False(compilation.HasErrors, "the generator's copy of the front end disagrees on:\n" + accepted[i]);
                foreach (string source in Generate(compilation, $"Fuzz.Case{i}"))
                    trees.Add(CSharpSyntaxTree.ParseText(source, parse, path: $"case{i}.g.cs"));
            }
            var errors = CSharpCompilation.Create("Generated" + batch, trees, References, options).GetDiagnostics()
                .Where(d => d.Severity >= DiagnosticSeverity.Warning || d.IsWarningAsError).ToList();
            // One example of each kind of error, so that one run shows every class of problem.
            foreach (Diagnostic error in errors)
            {
                if (!kinds.Add(error.Id)) continue;
                SourceText text = error.Location.SourceTree!.GetText();
                int index = int.Parse(Path.GetFileNameWithoutExtension(error.Location.SourceTree.FilePath)["case".Length..^".g".Length]);
                failures.Add($"{error}\nline: {text.Lines[error.Location.GetLineSpan().StartLinePosition.Line]}\ncontract:\n{accepted[index]}");
            }
        }
        Assert.True(failures.Count == 0, $"{what}: the generated code of accepted contracts does not compile:\n" + string.Join("\n", failures));
    }

    [Fact]
    public void EveryAcceptedHostileContractCompiles()
    {
        var random = new Random(19);
        var accepted = new List<string>();
        const int Cases = 300;
        for (int i = 0; i < Cases; i++)
        {
            string text = new Case(random).Write();
            if (!Helios.Contracts.ContractCompiler.Compile("case.contract", text).HasErrors) accepted.Add(text);
        }
        output.WriteLine($"{accepted.Count} of {Cases} accepted");
        var watch = System.Diagnostics.Stopwatch.StartNew();
        Assert.True(accepted.Count >= Cases / 10, $"only {accepted.Count} of {Cases} generated contracts were accepted: the generator of cases is too strict");
        AssertCompiles(accepted, "hostile names");
        output.WriteLine($"compiled in {watch.Elapsed.TotalSeconds:0.0} s");
    }

    [Fact]
    public void EveryAcceptedFuzzCaseCompiles()
    {
        // The mutations of FuzzTests, kept when check accepts them.
        List<string> accepted = FuzzTests.Mutations(66, 5000).Where(t => !Helios.Contracts.ContractCompiler.Compile("fuzz.contract", t).HasErrors).ToList();
        output.WriteLine($"{accepted.Count} of 5000 mutations accepted");
        Assert.NotEmpty(accepted);
        AssertCompiles(accepted, "mutations");
    }
}
