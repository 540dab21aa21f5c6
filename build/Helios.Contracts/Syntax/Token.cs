// A token: its kind, its text and where it is.
using Helios.Contracts.Text;

namespace Helios.Contracts.Syntax;

public readonly struct Token
{
    public Token(TokenKind kind, string text, SourceSpan span)
    {
        Kind = kind;
        Text = text;
        Span = span;
    }

    public TokenKind Kind { get; }

    public string Text { get; }

    public SourceSpan Span { get; }

    /// <summary>How the token reads in a diagnostic: "'{'", "identifier 'Foo'", "end of file".</summary>
    public string Describe() => Kind switch
    {
        TokenKind.EndOfFile => "end of file",
        TokenKind.Identifier => $"identifier '{DisplayText.Cut(Text)}'",
        TokenKind.Number => $"number '{DisplayText.Cut(Text)}'",
        _ => $"'{Text}'",
    };

    public override string ToString() => $"{Kind} '{Text}' {Span}";
}
