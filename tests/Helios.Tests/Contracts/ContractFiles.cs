// The contract corpus (tests/Contracts) and the system's contracts (src/Contracts), and compiling them.
using System.Text.RegularExpressions;
using Helios.Contracts;
using Helios.Contracts.Text;
using Xunit;

namespace Helios.Tests.Contracts;

internal static class ContractFiles
{
    public static readonly string Corpus = Path.Combine(TestData.Repo.Root, "tests", "Contracts");
    public static readonly string Library = Path.Combine(TestData.Repo.Root, "src", "Contracts");

    public static IEnumerable<string> Invalid => Files(Path.Combine(Corpus, "invalid"));

    public static IEnumerable<string> Valid => Files(Path.Combine(Corpus, "valid"));

    public static IEnumerable<string> System => Files(Library);

    public static IEnumerable<string> Files(string directory) =>
        Directory.EnumerateFiles(directory, "*.contract", SearchOption.AllDirectories).OrderBy(f => f, StringComparer.Ordinal);

    /// <summary>Corpus file names, as theory data.</summary>
    public static TheoryData<string> Names(IEnumerable<string> files)
    {
        var data = new TheoryData<string>();
        foreach (string file in files) data.Add(Path.GetFileName(file));
        return data;
    }

    public static SourceFile Read(string path) => new(path, File.ReadAllText(path));

    public static ContractCompilation Compile(string text, string path = "test.contract") => ContractCompiler.Compile(path, text);

    /// <summary>Every system contract compiled together, as the library build does.</summary>
    public static ContractCompilation CompileSystem() => ContractCompiler.Compile(System.Select(Read));

    /// <summary>"HL0203 at 6:35" for each diagnostic, sorted: the corpus's expectation format.</summary>
    public static List<string> Summaries(ContractCompilation compilation) =>
        compilation.Diagnostics.Select(d => $"{d.Id} at {d.Location.Start.Line}:{d.Location.Start.Column}").OrderBy(s => s, StringComparer.Ordinal).ToList();

    private static readonly Regex Expectation = new(@"^// expect: (HL\d{4} at \d+:\d+)\s*$", RegexOptions.Multiline);

    public static List<string> Expectations(string text) =>
        Expectation.Matches(text).Select(m => m.Groups[1].Value).OrderBy(s => s, StringComparer.Ordinal).ToList();
}
