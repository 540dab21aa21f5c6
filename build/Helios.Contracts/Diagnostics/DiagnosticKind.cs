// One kind of problem the front end reports, with its stable id. Ids never change meaning and are never reused;
// docs/contracts.md lists each with an example.
namespace Helios.Contracts.Diagnostics;

public sealed class DiagnosticKind
{
    private DiagnosticKind(string id, string title)
    {
        Id = id;
        Title = title;
    }

    /// <summary>"HLnnnn".</summary>
    public string Id { get; }

    /// <summary>A short description of the kind, for catalogues (the build's rule list, docs).</summary>
    public string Title { get; }

    public override string ToString() => Id;

    // Characters and syntax.
    public static readonly DiagnosticKind UnexpectedCharacter = new("HL0001", "Unexpected character");
    public static readonly DiagnosticKind UnterminatedComment = new("HL0002", "Unterminated comment");
    public static readonly DiagnosticKind SyntaxError = new("HL0003", "Syntax error");
    public static readonly DiagnosticKind NestingTooDeep = new("HL0004", "Nesting too deep");
    public static readonly DiagnosticKind FileTooLarge = new("HL0005", "File too large");
    public static readonly DiagnosticKind TooManyErrors = new("HL0006", "Too many errors");
    public static readonly DiagnosticKind NothingDeclared = new("HL0007", "File declares nothing");
    public static readonly DiagnosticKind Unreadable = new("HL0008", "File cannot be read");
    public static readonly DiagnosticKind NameTooLong = new("HL0009", "Name too long");

    // Declarations, types and wire layout.
    public static readonly DiagnosticKind UnknownType = new("HL0101", "Unknown type");
    public static readonly DiagnosticKind NotBlittable = new("HL0102", "Field type cannot travel in a message");
    public static readonly DiagnosticKind UnknownContract = new("HL0103", "Unknown contract in an endpoint type");
    public static readonly DiagnosticKind DuplicateTypeName = new("HL0104", "Duplicate contract or struct name");
    public static readonly DiagnosticKind DuplicateMessage = new("HL0105", "Duplicate message");
    public static readonly DiagnosticKind DuplicateField = new("HL0106", "Duplicate field");
    public static readonly DiagnosticKind UnknownBaseContract = new("HL0107", "Unknown base contract");
    public static readonly DiagnosticKind ExtensionCycle = new("HL0108", "Cycle in contract extension");
    public static readonly DiagnosticKind RecursiveStruct = new("HL0109", "Struct contains itself");
    public static readonly DiagnosticKind EmptyStruct = new("HL0110", "Struct without fields");
    public static readonly DiagnosticKind MessageTooLarge = new("HL0111", "Message too large");
    public static readonly DiagnosticKind WireIdCollision = new("HL0112", "Wire id collision");
    public static readonly DiagnosticKind ReservedName = new("HL0113", "Reserved name");
    public static readonly DiagnosticKind MemberNamedLikeType = new("HL0114", "Member named like its enclosing type");
    // Across compilations: an app's own contracts and the contract libraries it references (ContractLibraryCheck).
    public static readonly DiagnosticKind DeclaredByALibrary = new("HL0115", "Contract declared again outside its contract library");

    // The protocol state machine.
    public static readonly DiagnosticKind MissingStartState = new("HL0201", "No start state");
    public static readonly DiagnosticKind DuplicateState = new("HL0202", "Duplicate state");
    public static readonly DiagnosticKind UnknownState = new("HL0203", "Unknown state");
    public static readonly DiagnosticKind UnreachableState = new("HL0204", "Unreachable state");
    public static readonly DiagnosticKind UnknownMessage = new("HL0205", "Unknown message");
    public static readonly DiagnosticKind MessageNeverUsed = new("HL0206", "Message never sent or received");
    public static readonly DiagnosticKind WrongDirection = new("HL0207", "Message used in the wrong direction");
    public static readonly DiagnosticKind AmbiguousChoice = new("HL0208", "Ambiguous choice");
    public static readonly DiagnosticKind MixedInitiative = new("HL0209", "Both sides may send first");
    public static readonly DiagnosticKind OverrideWithoutBase = new("HL0210", "Override of a state no base contract declares");
    public static readonly DiagnosticKind HidesInheritedState = new("HL0211", "State redeclared without override");
    public static readonly DiagnosticKind ProtocolTooLarge = new("HL0212", "Protocol too large");

    /// <summary>Every kind, in id order.</summary>
    public static readonly DiagnosticKind[] All =
    {
        UnexpectedCharacter, UnterminatedComment, SyntaxError, NestingTooDeep, FileTooLarge, TooManyErrors, NothingDeclared, Unreadable, NameTooLong,
        UnknownType, NotBlittable, UnknownContract, DuplicateTypeName, DuplicateMessage, DuplicateField, UnknownBaseContract,
        ExtensionCycle, RecursiveStruct, EmptyStruct, MessageTooLarge, WireIdCollision, ReservedName, MemberNamedLikeType, DeclaredByALibrary,
        MissingStartState, DuplicateState, UnknownState, UnreachableState, UnknownMessage, MessageNeverUsed, WrongDirection,
        AmbiguousChoice, MixedInitiative, OverrideWithoutBase, HidesInheritedState, ProtocolTooLarge,
    };
}
