// A problem in a contract source, printed as "file:line:column: HLnnnn: message".
using Helios.Contracts.Text;

namespace Helios.Contracts.Diagnostics;

public sealed class Diagnostic
{
    public Diagnostic(DiagnosticKind kind, SourceLocation location, string message)
    {
        Kind = kind;
        Location = location;
        Message = message;
    }

    public DiagnosticKind Kind { get; }

    public string Id => Kind.Id;

    public SourceLocation Location { get; }

    public string Message { get; }

    public override string ToString()
    {
        LinePosition start = Location.Start;
        return $"{Location.File.Path}:{start.Line}:{start.Column}: {Id}: {Message}";
    }
}
