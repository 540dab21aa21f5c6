// A span in a particular file, printable as file:line:column.
namespace Helios.Contracts.Text;

public readonly struct SourceLocation
{
    public SourceLocation(SourceFile file, SourceSpan span)
    {
        File = file;
        Span = span;
    }

    public SourceFile File { get; }

    public SourceSpan Span { get; }

    public LinePosition Start => File.GetPosition(Span.Start);

    public LinePosition End => File.GetPosition(Span.End);

    public override string ToString() => $"{File.Path}:{Start}";
}
