// Recursive-descent parser for .contract files. Every error is reported where it happens; the parser then skips to
// the end of the declaration it was in (its ';', the next member keyword or the closing '}') and goes on, so one
// file yields all its independent syntax errors. Nesting is bounded, so no input can exhaust the stack.
using System.Collections.Generic;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Text;

namespace Helios.Contracts.Syntax;

public sealed class Parser
{
    /// <summary>Larger files are refused (HL0005): a contract is a page or two, and the front end must stay fast.</summary>
    public const int MaxSourceLength = 1 << 20;

    /// <summary>How deeply <c>one { }</c> choices may nest (HL0004).</summary>
    public const int MaxNesting = 32;

    private readonly SourceFile _file;
    private readonly DiagnosticBag _diagnostics;
    private readonly List<Token> _tokens;
    private int _pos;
    // Braces and parentheses opened inside the current member, so that recovery finds the member's end.
    private int _braceDepth;
    private int _parenDepth;
    private bool _memberHadError;

    private Parser(SourceFile file, DiagnosticBag diagnostics, List<Token> tokens)
    {
        _file = file;
        _diagnostics = diagnostics;
        _tokens = tokens;
    }

    public static CompilationUnitSyntax Parse(SourceFile file, DiagnosticBag diagnostics)
    {
        if (file.Text.Length > MaxSourceLength)
        {
            diagnostics.Report(DiagnosticKind.FileTooLarge, file, new SourceSpan(0, 0),
                $"file has {file.Text.Length} characters; contract files may have at most {MaxSourceLength}");
            return new CompilationUnitSyntax(file, new StructSyntax[0], new ContractSyntax[0]);
        }
        int errorsBefore = diagnostics.CountIn(file);
        var parser = new Parser(file, diagnostics, Lexer.Tokenize(file, diagnostics));
        CompilationUnitSyntax unit = parser.ParseUnit();
        if (unit.Contracts.Count == 0 && unit.Structs.Count == 0 && diagnostics.CountIn(file) == errorsBefore)
            diagnostics.Report(DiagnosticKind.NothingDeclared, file, new SourceSpan(0, 0), "file declares no contract or struct");
        return unit;
    }

    private Token Current => _tokens[_pos];

    private Token PeekToken(int ahead) => _tokens[System.Math.Min(_pos + ahead, _tokens.Count - 1)];

    private Token Previous => _tokens[_pos > 0 ? _pos - 1 : 0];

    private Token Advance()
    {
        Token t = _tokens[_pos];
        if (t.Kind != TokenKind.EndOfFile) _pos++;
        return t;
    }

    private bool Match(TokenKind kind)
    {
        if (Current.Kind != kind) return false;
        Advance();
        return true;
    }

    private SourceSpan SpanFrom(SourceSpan start) => SourceSpan.Cover(start, Previous.Span);

    private void Error(Token at, string message) => Error(at.Span, message);

    private void Error(SourceSpan at, string message)
    {
        _memberHadError = true;
        _diagnostics.Report(DiagnosticKind.SyntaxError, _file, at, message);
    }

    private bool Expect(TokenKind kind, string what)
    {
        if (Match(kind)) return true;
        Error(Current, $"expected {what}, found {Current.Describe()}");
        return false;
    }

    private NameSyntax? ExpectName(string what)
    {
        if (Current.Kind == TokenKind.Identifier)
        {
            Token t = Advance();
            return new NameSyntax(t.Text, t.Span);
        }
        string hint = IsKeyword(Current.Kind) ? $" ('{Current.Text}' is a keyword)" : "";
        Error(Current, $"expected {what}, found {Current.Describe()}{hint}");
        return null;
    }

    private static bool IsKeyword(TokenKind kind) => kind >= TokenKind.ContractKeyword;

    private static bool StartsDeclaration(TokenKind kind) =>
        kind == TokenKind.ContractKeyword || kind == TokenKind.StructKeyword || kind == TokenKind.PublicKeyword;

    private static bool StartsMember(TokenKind kind) =>
        kind == TokenKind.InKeyword || kind == TokenKind.OutKeyword || kind == TokenKind.MessageKeyword
        || kind == TokenKind.StateKeyword || kind == TokenKind.OverrideKeyword;

    // ---- file ----

    private CompilationUnitSyntax ParseUnit()
    {
        var structs = new List<StructSyntax>();
        var contracts = new List<ContractSyntax>();
        while (Current.Kind != TokenKind.EndOfFile)
        {
            int before = _pos;
            Match(TokenKind.PublicKeyword);
            if (Current.Kind == TokenKind.ContractKeyword)
            {
                if (ParseContract() is ContractSyntax c) contracts.Add(c);
            }
            else if (Current.Kind == TokenKind.StructKeyword)
            {
                if (ParseStruct() is StructSyntax s) structs.Add(s);
            }
            else
            {
                Error(Current, $"expected 'contract' or 'struct', found {Current.Describe()}");
                SkipToDeclaration();
            }
            if (_pos == before) Advance();
        }
        return new CompilationUnitSyntax(_file, structs, contracts);
    }

    private void SkipToDeclaration()
    {
        Advance();
        while (Current.Kind != TokenKind.EndOfFile && !StartsDeclaration(Current.Kind)) Advance();
    }

    // Skips the rest of a member after an error: to its ';', to the next member keyword, or to the '}' that closes
    // the enclosing contract or struct, whichever comes first outside the braces and parentheses the member opened.
    private void SkipMember()
    {
        int braces = _braceDepth, parens = _parenDepth;
        while (true)
        {
            Token t = Current;
            if (t.Kind == TokenKind.EndOfFile || t.Kind == TokenKind.ContractKeyword || t.Kind == TokenKind.StructKeyword) break;
            if (t.Kind == TokenKind.RightBrace)
            {
                if (braces == 0) break;
                braces--;
            }
            else if (t.Kind == TokenKind.LeftBrace) braces++;
            else if (t.Kind == TokenKind.LeftParen) parens++;
            else if (t.Kind == TokenKind.RightParen && parens > 0) parens--;
            else if (t.Kind == TokenKind.Semicolon && braces == 0)
            {
                Advance();
                break;
            }
            else if (braces == 0 && parens == 0 && LooksLikeMemberStart()) break;
            Advance();
        }
        _braceDepth = 0;
        _parenDepth = 0;
    }

    // A member keyword where a member can start ('state Name', 'in message', ...), not one misused as a name.
    private bool LooksLikeMemberStart()
    {
        TokenKind next = PeekToken(1).Kind;
        switch (Current.Kind)
        {
            case TokenKind.InKeyword:
            case TokenKind.OutKeyword:
                return next == TokenKind.MessageKeyword;
            case TokenKind.MessageKeyword:
            case TokenKind.StateKeyword:
                return next == TokenKind.Identifier;
            case TokenKind.OverrideKeyword:
                return next == TokenKind.StateKeyword;
            default:
                return false;
        }
    }

    // ---- struct ----

    private StructSyntax? ParseStruct()
    {
        Token keyword = Advance();
        _memberHadError = false;
        NameSyntax? name = ExpectName("a struct name");
        if (name is null || !Expect(TokenKind.LeftBrace, $"'{{' to open struct {name.Text}"))
        {
            SkipToDeclaration();
            return null;
        }
        bool hadError = false;
        var fields = new List<FieldSyntax>();
        while (!Match(TokenKind.RightBrace))
        {
            if (Current.Kind == TokenKind.EndOfFile || StartsDeclaration(Current.Kind))
            {
                Error(Current, $"expected '}}' to close struct {name.Text}, found {Current.Describe()}");
                hadError = true;
                break;
            }
            int before = _pos;
            _memberHadError = false;
            FieldSyntax? field = ParseField();
            if (field is not null && Expect(TokenKind.Semicolon, $"';' after field {field.Name.Text}")) fields.Add(field);
            else SkipMember();
            hadError |= _memberHadError;
            if (_pos == before) Advance();
        }
        Match(TokenKind.Semicolon);
        return hadError ? null : new StructSyntax(name, fields, SpanFrom(keyword.Span));
    }

    // ---- contract ----

    private ContractSyntax? ParseContract()
    {
        Token keyword = Advance();
        _memberHadError = false;
        NameSyntax? name = ExpectName("a contract name");
        NameSyntax? baseName = null;
        if (name is not null && Match(TokenKind.Colon)) baseName = ExpectName("the name of the contract to extend");
        if (name is null || _memberHadError || !Expect(TokenKind.LeftBrace, $"'{{' to open contract {name.Text}"))
        {
            SkipToDeclaration();
            return null;
        }
        bool hadError = false;
        var messages = new List<MessageSyntax>();
        var states = new List<StateSyntax>();
        while (!Match(TokenKind.RightBrace))
        {
            Token t = Current;
            if (t.Kind == TokenKind.EndOfFile || StartsDeclaration(t.Kind))
            {
                Error(t, $"expected '}}' to close contract {name.Text}, found {t.Describe()}");
                hadError = true;
                break;
            }
            int before = _pos;
            _memberHadError = false;
            if (t.Kind == TokenKind.InKeyword || t.Kind == TokenKind.OutKeyword || t.Kind == TokenKind.MessageKeyword)
            {
                if (ParseMessage() is MessageSyntax m) messages.Add(m);
                else SkipMember();
            }
            else if (t.Kind == TokenKind.StateKeyword || t.Kind == TokenKind.OverrideKeyword)
            {
                if (ParseState() is StateSyntax s) states.Add(s);
                else SkipMember();
            }
            else
            {
                Error(t, $"expected a message or a state in contract {name.Text}, found {t.Describe()}");
                Advance();
                SkipMember();
            }
            hadError |= _memberHadError;
            if (_pos == before) Advance();
        }
        Match(TokenKind.Semicolon);
        // A contract with a syntax error is not checked further: its checks would report the parser's guesses.
        return hadError ? null : new ContractSyntax(name, baseName, messages, states, SpanFrom(keyword.Span));
    }

    private MessageSyntax? ParseMessage()
    {
        Token first = Current;
        MessageDirection direction = MessageDirection.Both;
        if (Match(TokenKind.InKeyword)) direction = MessageDirection.In;
        else if (Match(TokenKind.OutKeyword)) direction = MessageDirection.Out;
        if (!Expect(TokenKind.MessageKeyword, "'message'")) return null;
        NameSyntax? name = ExpectName("a message name");
        if (name is null || !Expect(TokenKind.LeftParen, $"'(' after message {name.Text}")) return null;
        _parenDepth++;
        var fields = new List<FieldSyntax>();
        if (Current.Kind != TokenKind.RightParen)
        {
            while (true)
            {
                FieldSyntax? field = ParseField();
                if (field is null) return null;
                fields.Add(field);
                if (!Match(TokenKind.Comma)) break;
            }
        }
        if (!Expect(TokenKind.RightParen, "',' or ')' after a parameter")) return null;
        _parenDepth--;
        if (!Expect(TokenKind.Semicolon, $"';' after message {name.Text}")) return null;
        return new MessageSyntax(direction, name, fields, SpanFrom(first.Span));
    }

    private FieldSyntax? ParseField()
    {
        TypeSyntax? type = ParseType();
        if (type is null) return null;
        if (type is not ArrayTypeSyntax && Current.Kind == TokenKind.InKeyword)
        {
            Error(Current, $"only arrays live in the exchange heap: write '{type}[] in ExHeap'");
            return null;
        }
        NameSyntax? name = ExpectName($"a name after type {type}");
        return name is null ? null : new FieldSyntax(type, name);
    }

    private TypeSyntax? ParseType()
    {
        Token t = Current;
        if (t.Kind != TokenKind.Identifier)
        {
            string hint = IsKeyword(t.Kind) ? $" ('{t.Text}' is a keyword)" : "";
            Error(t, $"expected a type, found {t.Describe()}{hint}");
            return null;
        }
        Advance();
        TypeSyntax type;
        if ((t.Text == "imp" || t.Text == "exp") && Match(TokenKind.LessThan))
        {
            NameSyntax? contract = ExpectName($"a contract name in {t.Text}<...>");
            if (contract is null || !Expect(TokenKind.GreaterThan, $"'>' to close {t.Text}<{contract.Text}")) return null;
            type = new EndpointTypeSyntax(t.Text == "imp" ? EndpointEnd.Importer : EndpointEnd.Exporter, contract, SpanFrom(t.Span));
        }
        else
        {
            type = new NamedTypeSyntax(new NameSyntax(t.Text, t.Span));
        }
        while (Match(TokenKind.LeftBracket))
        {
            if (!Expect(TokenKind.RightBracket, "']' (arrays have no fixed size; they live in the exchange heap)")) return null;
            type = new ArrayTypeSyntax(type, false, SpanFrom(t.Span));
        }
        if (type is ArrayTypeSyntax array && Match(TokenKind.InKeyword))
        {
            if (Current.Kind != TokenKind.Identifier || Current.Text != "ExHeap")
            {
                Error(Current, $"expected 'ExHeap' after 'in', found {Current.Describe()}");
                return null;
            }
            Advance();
            type = new ArrayTypeSyntax(array.Element, true, SpanFrom(t.Span));
        }
        return type;
    }

    // ---- states and protocols ----

    private StateSyntax? ParseState()
    {
        Token first = Current;
        bool isOverride = Match(TokenKind.OverrideKeyword);
        if (!Expect(TokenKind.StateKeyword, "'state'")) return null;
        NameSyntax? name = ExpectName("a state name");
        if (name is null || !Expect(TokenKind.Colon, $"':' after state {name.Text}")) return null;
        if (Match(TokenKind.Semicolon)) return new StateSyntax(isOverride, name, null, SpanFrom(first.Span));
        ProtocolSyntax? body = ParseProtocol(0);
        if (body is null || !EndOfPath()) return null;
        return new StateSyntax(isOverride, name, body, SpanFrom(first.Span));
    }

    // A path ends with ';', which may be left out after a choice's closing '}'.
    private bool EndOfPath()
    {
        if (Previous.Kind == TokenKind.RightBrace)
        {
            Match(TokenKind.Semicolon);
            return true;
        }
        return Expect(TokenKind.Semicolon, "';' at the end of the path");
    }

    private ProtocolSyntax? ParseProtocol(int depth)
    {
        if (depth > MaxNesting)
        {
            _memberHadError = true;
            _diagnostics.Report(DiagnosticKind.NestingTooDeep, _file, Current.Span, $"choices nest more than {MaxNesting} deep");
            return null;
        }
        Token first = Current;
        var steps = new List<StepSyntax>();
        while (true)
        {
            Token t = Current;
            if (t.Kind == TokenKind.Identifier && IsActionMark(PeekToken(1).Kind))
            {
                steps.Add(ParseAction()!);
            }
            else if (t.Kind == TokenKind.Identifier)
            {
                if (steps.Count == 0)
                {
                    Error(t, $"a protocol starts with a message: write '{t.Text}?' (the client sends it) or '{t.Text}!' (the server sends it)");
                    return null;
                }
                Advance();
                return new PathSyntax(steps, new StateReferenceSyntax(new NameSyntax(t.Text, t.Span)), SpanFrom(first.Span));
            }
            else if (t.Kind == TokenKind.LeftParen)
            {
                GroupSyntax? group = ParseGroup();
                if (group is null) return null;
                steps.Add(group);
            }
            else if (t.Kind == TokenKind.OneKeyword)
            {
                ChoiceSyntax? choice = ParseChoice(depth + 1);
                if (choice is null) return null;
                return steps.Count == 0 ? choice : new PathSyntax(steps, choice, SpanFrom(first.Span));
            }
            else
            {
                Error(t, steps.Count == 0
                    ? $"expected a message ('Name?' or 'Name!'), '(' or 'one', found {t.Describe()}"
                    : $"expected a message, '(', 'one' or the next state after '->', found {t.Describe()}");
                return null;
            }
            if (!Match(TokenKind.Arrow))
            {
                string after = steps[steps.Count - 1] is ActionSyntax last ? last.ToString() : "')'";
                Error(Current, $"expected '->' after '{after}', found {Current.Describe()} (a path ends in a state: 'A? -> Next')");
                return null;
            }
        }
    }

    private static bool IsActionMark(TokenKind kind) => kind == TokenKind.Question || kind == TokenKind.Exclamation;

    private ActionSyntax? ParseAction()
    {
        Token name = Current;
        if (name.Kind != TokenKind.Identifier || !IsActionMark(PeekToken(1).Kind))
        {
            Error(name, $"expected a message ('Name?' or 'Name!'), found {name.Describe()}");
            return null;
        }
        Advance();
        bool exporterSends = Advance().Kind == TokenKind.Exclamation;
        return new ActionSyntax(new NameSyntax(name.Text, name.Span), exporterSends, SpanFrom(name.Span));
    }

    private GroupSyntax? ParseGroup()
    {
        Token open = Advance();
        _parenDepth++;
        var alternatives = new List<IReadOnlyList<ActionSyntax>>();
        do
        {
            var sequence = new List<ActionSyntax>();
            do
            {
                ActionSyntax? action = ParseAction();
                if (action is null) return null;
                sequence.Add(action);
            }
            while (Match(TokenKind.Arrow));
            alternatives.Add(sequence);
        }
        while (Match(TokenKind.OrKeyword));
        if (!Expect(TokenKind.RightParen, "'or', '->' or ')' in the group")) return null;
        _parenDepth--;
        return new GroupSyntax(alternatives, SpanFrom(open.Span));
    }

    private ChoiceSyntax? ParseChoice(int depth)
    {
        Token one = Advance();
        if (!Expect(TokenKind.LeftBrace, "'{' after 'one'")) return null;
        _braceDepth++;
        var branches = new List<ProtocolSyntax>();
        while (!Match(TokenKind.RightBrace))
        {
            Token t = Current;
            if (t.Kind == TokenKind.EndOfFile || StartsDeclaration(t.Kind) || StartsMember(t.Kind))
            {
                Error(t, $"expected '}}' to close 'one {{', found {t.Describe()}");
                return null;
            }
            ProtocolSyntax? branch = ParseProtocol(depth);
            if (branch is null || !EndOfPath()) return null;
            branches.Add(branch);
        }
        _braceDepth--;
        if (branches.Count == 0)
        {
            Error(SpanFrom(one.Span), "'one { }' needs at least one branch");
            return null;
        }
        return new ChoiceSyntax(branches, SpanFrom(one.Span));
    }
}
