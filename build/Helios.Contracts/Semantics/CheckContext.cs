// What the checking passes share: the diagnostics, the declared names of every file, and small reporting helpers.
using System.Collections.Generic;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Syntax;
using Helios.Contracts.Text;

namespace Helios.Contracts.Semantics;

internal sealed class CheckContext
{
    /// <summary>How deep structs may nest and contracts may extend (HL0004), so that no input exhausts the stack or time.</summary>
    public const int MaxDepth = 32;

    /// <summary>
    /// Messages and states that all contracts compiled together may inherit (each extension copies its base's):
    /// bounds the work of adversarial inputs such as a thousand contracts extending one huge contract (HL0212).
    /// </summary>
    public const int MaxInherited = 1 << 18;

    private int _inherited;

    /// <summary>Counts an extension's copies against <see cref="MaxInherited"/>; false once the budget is spent.</summary>
    public bool TryInherit(int items)
    {
        if (_inherited + (long)items > MaxInherited) return false;
        _inherited += items;
        return true;
    }

    public CheckContext(DiagnosticBag diagnostics)
    {
        Diagnostics = diagnostics;
    }

    public DiagnosticBag Diagnostics { get; }

    /// <summary>Every struct and contract by name (the first declaration wins).</summary>
    public Dictionary<string, StructModel> Structs { get; } = new();

    public Dictionary<string, (ContractSyntax Syntax, SourceFile File)> Contracts { get; } = new();

    public void Report(DiagnosticKind kind, SourceFile file, SourceSpan span, string message) =>
        Diagnostics.Report(kind, file, span, message);

    /// <summary>"3:7" within the same file, "other.contract:3:7" elsewhere: for "first declared at ..." notes.</summary>
    public static string Where(SourceFile declaredIn, SourceSpan span, SourceFile reportIn)
    {
        LinePosition p = declaredIn.GetPosition(span.Start);
        return declaredIn == reportIn ? $"{p.Line}:{p.Column}" : $"{declaredIn.Path}:{p.Line}:{p.Column}";
    }

    /// <summary>Names the generated C# uses itself, and C#'s reserved double-underscore names, cannot be declared.</summary>
    public void CheckName(NameSyntax name, SourceFile file, bool isContract, bool isType = false)
    {
        if (name.Text.Contains("__"))
            Report(DiagnosticKind.ReservedName, file, name.Span, $"'{name.Text}': names containing '__' are reserved");
        else if (isContract && (name.Text == "Descriptor" || name.Text == "Imp" || name.Text == "Exp"
            || name.Text == "Info" || name.Text == "NewChannel"))
            Report(DiagnosticKind.ReservedName, file, name.Span, $"'{name.Text}' is reserved for the generated code of every contract; choose another contract name");
        else if (isType && name.Text == "ContractCatalog")
            Report(DiagnosticKind.ReservedName, file, name.Span, "'ContractCatalog' is the generated list of a project's contracts; choose another name");
    }
}
