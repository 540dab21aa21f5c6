// Turns contract source text into tokens. Comments are C#'s (// and /* */); identifiers are ASCII
// [A-Za-z_][A-Za-z0-9_]*. Any other character is reported once per run and skipped, so the lexer always finishes.
using System.Collections.Generic;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Text;

namespace Helios.Contracts.Syntax;

public sealed class Lexer
{
    /// <summary>
    /// Characters a name may have (HL0009): C# allows 512 in an identifier and the generated code adds prefixes
    /// and suffixes (SendName, NameLayout) to contract names, so 128 leaves room and keeps every message readable.
    /// </summary>
    public const int MaxNameLength = 128;

    private static readonly Dictionary<string, TokenKind> Keywords = new()
    {
        ["contract"] = TokenKind.ContractKeyword,
        ["struct"] = TokenKind.StructKeyword,
        ["message"] = TokenKind.MessageKeyword,
        ["in"] = TokenKind.InKeyword,
        ["out"] = TokenKind.OutKeyword,
        ["state"] = TokenKind.StateKeyword,
        ["one"] = TokenKind.OneKeyword,
        ["or"] = TokenKind.OrKeyword,
        ["override"] = TokenKind.OverrideKeyword,
        ["public"] = TokenKind.PublicKeyword,
    };

    private readonly SourceFile _file;
    private readonly DiagnosticBag _diagnostics;
    private readonly string _text;
    // One string per distinct name: a file that repeats a few names many times (a long path) holds them once.
    private readonly Dictionary<string, string> _names = new();
    private int _pos;

    private Lexer(SourceFile file, DiagnosticBag diagnostics)
    {
        _file = file;
        _diagnostics = diagnostics;
        _text = file.Text;
    }

    /// <summary>All tokens of the file, ending with one <see cref="TokenKind.EndOfFile"/>.</summary>
    public static List<Token> Tokenize(SourceFile file, DiagnosticBag diagnostics) => new Lexer(file, diagnostics).Run();

    private List<Token> Run()
    {
        var tokens = new List<Token>();
        int badStart = -1, badEnd = -1;
        while (true)
        {
            SkipTrivia();
            if (_pos >= _text.Length) break;
            int start = _pos;
            Token? token = Next();
            if (token is Token t)
            {
                FlushBad(ref badStart, badEnd);
                tokens.Add(t);
            }
            else
            {
                if (badStart < 0) badStart = start;
                badEnd = _pos;
            }
        }
        FlushBad(ref badStart, badEnd);
        tokens.Add(new Token(TokenKind.EndOfFile, "", new SourceSpan(_text.Length, 0)));
        return tokens;
    }

    private void FlushBad(ref int badStart, int end)
    {
        if (badStart < 0) return;
        char c = _text[badStart];
        string shown = c < ' ' || c > '~' ? $"U+{(int)c:X4}" : $"'{c}'";
        string more = end - badStart > 1 ? $" (and {end - badStart - 1} more characters)" : "";
        _diagnostics.Report(DiagnosticKind.UnexpectedCharacter, _file, new SourceSpan(badStart, end - badStart),
            $"unexpected character {shown}{more}");
        badStart = -1;
    }

    private void SkipTrivia()
    {
        while (_pos < _text.Length)
        {
            char c = _text[_pos];
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v' || c == '\uFEFF'
                || c == '\u0085' || c == '\u2028' || c == '\u2029' || c == '\u00A0')
            {
                _pos++;
            }
            else if (c == '/' && Peek(1) == '/')
            {
                while (_pos < _text.Length && !IsLineBreak(_text[_pos])) _pos++;
            }
            else if (c == '/' && Peek(1) == '*')
            {
                int start = _pos;
                int close = _text.IndexOf("*/", _pos + 2, System.StringComparison.Ordinal);
                if (close < 0)
                {
                    _pos = _text.Length;
                    _diagnostics.Report(DiagnosticKind.UnterminatedComment, _file, new SourceSpan(start, 2), "comment is not closed with */");
                }
                else
                {
                    _pos = close + 2;
                }
            }
            else
            {
                return;
            }
        }
    }

    private Token? Next()
    {
        int start = _pos;
        char c = _text[_pos];
        if (IsIdentifierStart(c))
        {
            while (_pos < _text.Length && IsIdentifierPart(_text[_pos])) _pos++;
            int length = _pos - start;
            if (length > MaxNameLength)
            {
                // Reported once here; the token keeps only a cut of the name, so that no later message quotes all of it.
                string cut = DisplayText.Cut(_text.Substring(start, DisplayText.MaxQuoted + 1));
                _diagnostics.Report(DiagnosticKind.NameTooLong, _file, new SourceSpan(start, length),
                    $"name '{cut}' has {length} characters; a name may have at most {MaxNameLength}");
                return new Token(TokenKind.Identifier, cut, new SourceSpan(start, length));
            }
            string word = _text.Substring(start, length);
            if (_names.TryGetValue(word, out string? known)) word = known;
            else _names[word] = word;
            return new Token(Keywords.TryGetValue(word, out TokenKind keyword) ? keyword : TokenKind.Identifier, word, new SourceSpan(start, _pos - start));
        }
        if (c >= '0' && c <= '9')
        {
            while (_pos < _text.Length && IsIdentifierPart(_text[_pos])) _pos++;
            // A number is never valid: only its start is kept, for the message that says so.
            string digits = DisplayText.Cut(_text.Substring(start, System.Math.Min(_pos - start, DisplayText.MaxQuoted + 1)));
            return new Token(TokenKind.Number, digits, new SourceSpan(start, _pos - start));
        }
        if (c == '-' && Peek(1) == '>')
        {
            _pos += 2;
            return new Token(TokenKind.Arrow, "->", new SourceSpan(start, 2));
        }
        TokenKind? kind = c switch
        {
            '{' => TokenKind.LeftBrace,
            '}' => TokenKind.RightBrace,
            '(' => TokenKind.LeftParen,
            ')' => TokenKind.RightParen,
            '[' => TokenKind.LeftBracket,
            ']' => TokenKind.RightBracket,
            '<' => TokenKind.LessThan,
            '>' => TokenKind.GreaterThan,
            ';' => TokenKind.Semicolon,
            ':' => TokenKind.Colon,
            ',' => TokenKind.Comma,
            '?' => TokenKind.Question,
            '!' => TokenKind.Exclamation,
            _ => null,
        };
        _pos++;
        if (kind is TokenKind k) return new Token(k, c.ToString(), new SourceSpan(start, 1));
        // Keep a surrogate pair together so that a report never splits a character.
        if (char.IsHighSurrogate(c) && _pos < _text.Length && char.IsLowSurrogate(_text[_pos])) _pos++;
        return null;
    }

    private char Peek(int ahead) => _pos + ahead < _text.Length ? _text[_pos + ahead] : '\0';

    private static bool IsLineBreak(char c) => c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029';

    private static bool IsIdentifierStart(char c) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';

    private static bool IsIdentifierPart(char c) => IsIdentifierStart(c) || (c >= '0' && c <= '9');
}
