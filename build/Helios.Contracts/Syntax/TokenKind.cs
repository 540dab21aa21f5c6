// The tokens of the contract language.
namespace Helios.Contracts.Syntax;

public enum TokenKind
{
    EndOfFile,
    Identifier,
    Number,
    LeftBrace,
    RightBrace,
    LeftParen,
    RightParen,
    LeftBracket,
    RightBracket,
    LessThan,
    GreaterThan,
    Semicolon,
    Colon,
    Comma,
    Question,
    Exclamation,
    Arrow,
    // Keywords. `imp`, `exp` and `ExHeap` are contextual: identifiers that mean something in a type.
    ContractKeyword,
    StructKeyword,
    MessageKeyword,
    InKeyword,
    OutKeyword,
    StateKeyword,
    OneKeyword,
    OrKeyword,
    OverrideKeyword,
    PublicKeyword,
}
