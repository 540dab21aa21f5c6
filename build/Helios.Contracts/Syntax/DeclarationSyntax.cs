// The declarations of a .contract file as written: structs, contracts, their messages, fields and states.
using System.Collections.Generic;
using Helios.Contracts.Text;

namespace Helios.Contracts.Syntax;

public sealed class CompilationUnitSyntax
{
    public CompilationUnitSyntax(SourceFile file, IReadOnlyList<StructSyntax> structs, IReadOnlyList<ContractSyntax> contracts)
    {
        File = file;
        Structs = structs;
        Contracts = contracts;
    }

    public SourceFile File { get; }

    public IReadOnlyList<StructSyntax> Structs { get; }

    public IReadOnlyList<ContractSyntax> Contracts { get; }
}

/// <summary><c>struct Name { type field; ... }</c>: a blittable value type usable in messages.</summary>
public sealed class StructSyntax
{
    public StructSyntax(NameSyntax name, IReadOnlyList<FieldSyntax> fields, SourceSpan span)
    {
        Name = name;
        Fields = fields;
        Span = span;
    }

    public NameSyntax Name { get; }

    public IReadOnlyList<FieldSyntax> Fields { get; }

    public SourceSpan Span { get; }
}

/// <summary><c>contract Name : Base { messages and states }</c>.</summary>
public sealed class ContractSyntax
{
    public ContractSyntax(NameSyntax name, NameSyntax? baseName, IReadOnlyList<MessageSyntax> messages, IReadOnlyList<StateSyntax> states, SourceSpan span)
    {
        Name = name;
        BaseName = baseName;
        Messages = messages;
        States = states;
        Span = span;
    }

    public NameSyntax Name { get; }

    public NameSyntax? BaseName { get; }

    public IReadOnlyList<MessageSyntax> Messages { get; }

    public IReadOnlyList<StateSyntax> States { get; }

    public SourceSpan Span { get; }
}

/// <summary>Which way a message travels, seen from the exporter (the server end), as Sing# writes contracts.</summary>
public enum MessageDirection
{
    /// <summary>No qualifier: either side may send it.</summary>
    Both,
    /// <summary><c>in</c>: the importer (client) sends it to the exporter.</summary>
    In,
    /// <summary><c>out</c>: the exporter sends it to the importer.</summary>
    Out,
}

/// <summary><c>in message Name(type field, ...);</c></summary>
public sealed class MessageSyntax
{
    public MessageSyntax(MessageDirection direction, NameSyntax name, IReadOnlyList<FieldSyntax> fields, SourceSpan span)
    {
        Direction = direction;
        Name = name;
        Fields = fields;
        Span = span;
    }

    public MessageDirection Direction { get; }

    public NameSyntax Name { get; }

    public IReadOnlyList<FieldSyntax> Fields { get; }

    public SourceSpan Span { get; }
}

/// <summary>A message parameter or a struct field: <c>type name</c>.</summary>
public sealed class FieldSyntax
{
    public FieldSyntax(TypeSyntax type, NameSyntax name)
    {
        Type = type;
        Name = name;
    }

    public TypeSyntax Type { get; }

    public NameSyntax Name { get; }
}

/// <summary><c>[override] state Name: protocol</c>; a null <see cref="Body"/> is a terminal state (<c>state End: ;</c>).</summary>
public sealed class StateSyntax
{
    public StateSyntax(bool isOverride, NameSyntax name, ProtocolSyntax? body, SourceSpan span)
    {
        IsOverride = isOverride;
        Name = name;
        Body = body;
        Span = span;
    }

    public bool IsOverride { get; }

    public NameSyntax Name { get; }

    public ProtocolSyntax? Body { get; }

    public SourceSpan Span { get; }
}
