// A name as written in the source, with its span.
using Helios.Contracts.Text;

namespace Helios.Contracts.Syntax;

public sealed class NameSyntax
{
    public NameSyntax(string text, SourceSpan span)
    {
        Text = text;
        Span = span;
    }

    public string Text { get; }

    public SourceSpan Span { get; }

    public override string ToString() => Text;
}
