// One declaration per contract name across what an app is built from: the contract libraries it references and its
// own .contract files. Each is compiled on its own, so nothing else sees a name declared in two of them; a copy of a
// library's contract kept in an app (or a second library) drifts, and the kernel would only refuse the second
// process to declare it, at run time. Refused here instead (HL0115), at the later declaration, naming the first.
using System.Collections.Generic;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Semantics;
using Helios.Contracts.Syntax;
using Helios.Contracts.Text;

namespace Helios.Contracts;

public static class ContractLibraryCheck
{
    /// <summary>
    /// The HL0115 diagnostics for sources, each (Owner, Files): a contract library's name and its files, or null for
    /// the app's own files; pass the libraries first, so that an app's own copy is the one reported. Mistakes inside
    /// one owner's files are its own compilation's to report (HL0104 and the rest), not this check's.
    /// </summary>
    public static IReadOnlyList<Diagnostic> Check(IEnumerable<(string? Owner, IReadOnlyList<SourceFile> Files)> sources)
    {
        var diagnostics = new List<Diagnostic>();
        var first = new Dictionary<string, Declaration>();
        foreach ((string? owner, IReadOnlyList<SourceFile> files) in sources)
        {
            ContractCompilation compilation = ContractCompiler.Compile(files);
            foreach (CompilationUnitSyntax unit in compilation.Units)
                foreach (ContractSyntax contract in unit.Contracts)
                {
                    // A fingerprint only from a compilation without errors: otherwise its tables are incomplete.
                    ContractModel? model = compilation.HasErrors ? null : compilation.FindContract(contract.Name.Text);
                    var declaration = new Declaration(owner, unit.File, contract.Name.Span, model?.Fingerprint);
                    if (!first.TryGetValue(contract.Name.Text, out Declaration? earlier)) first[contract.Name.Text] = declaration;
                    else if (earlier.Owner != owner)
                        diagnostics.Add(new Diagnostic(DiagnosticKind.DeclaredByALibrary, unit.File.Locate(contract.Name.Span),
                            Describe(contract.Name.Text, earlier, declaration)));
                }
        }
        return diagnostics;
    }

    private static string Describe(string name, Declaration earlier, Declaration later)
    {
        LinePosition at = earlier.File.GetPosition(earlier.Span.Start);
        string where = $"{earlier.File.Path}({at.Line},{at.Column})";
        string sameness = earlier.Fingerprint is ulong a && later.Fingerprint is ulong b
            ? a == b ? "the two are identical today, but copies drift" : $"the two differ (fingerprint 0x{b:X16} here, 0x{a:X16} there)"
            : "one of them does not compile";
        return later.Owner is null
            ? $"contract '{name}' is also declared by the contract library {earlier.Owner}, which this app references, at {where}; {sameness}: "
                + "a contract has one declaration, so use the library's and delete this copy"
            : $"contract '{name}' is declared by the contract libraries {earlier.Owner} (at {where}) and {later.Owner}, both referenced by this app; "
                + $"{sameness}: a contract has one declaration, in one library";
    }

    private sealed class Declaration
    {
        public Declaration(string? owner, SourceFile file, SourceSpan span, ulong? fingerprint)
        {
            Owner = owner;
            File = file;
            Span = span;
            Fingerprint = fingerprint;
        }

        public string? Owner { get; }

        public SourceFile File { get; }

        public SourceSpan Span { get; }

        public ulong? Fingerprint { get; }
    }
}
