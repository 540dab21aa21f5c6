// Field types as written: a name (int, a struct), an array (T[] in ExHeap), or an endpoint (imp<C>, exp<C>).
using Helios.Contracts.Text;

namespace Helios.Contracts.Syntax;

public abstract class TypeSyntax
{
    protected TypeSyntax(SourceSpan span)
    {
        Span = span;
    }

    public SourceSpan Span { get; }
}

public sealed class NamedTypeSyntax : TypeSyntax
{
    public NamedTypeSyntax(NameSyntax name) : base(name.Span)
    {
        Name = name;
    }

    public NameSyntax Name { get; }

    public override string ToString() => Name.Text;
}

/// <summary><c>T[]</c>, with <c>in ExHeap</c> or without (which the checker rejects with a hint).</summary>
public sealed class ArrayTypeSyntax : TypeSyntax
{
    public ArrayTypeSyntax(TypeSyntax element, bool inExHeap, SourceSpan span) : base(span)
    {
        Element = element;
        InExHeap = inExHeap;
    }

    public TypeSyntax Element { get; }

    public bool InExHeap { get; }

    public override string ToString() => Element + "[]" + (InExHeap ? " in ExHeap" : "");
}

/// <summary>Which end of a channel an endpoint is.</summary>
public enum EndpointEnd
{
    /// <summary><c>imp&lt;C&gt;</c>: the importer (client) end.</summary>
    Importer,
    /// <summary><c>exp&lt;C&gt;</c>: the exporter (server) end.</summary>
    Exporter,
}

public sealed class EndpointTypeSyntax : TypeSyntax
{
    public EndpointTypeSyntax(EndpointEnd end, NameSyntax contract, SourceSpan span) : base(span)
    {
        End = end;
        Contract = contract;
    }

    public EndpointEnd End { get; }

    public NameSyntax Contract { get; }

    public override string ToString() => (End == EndpointEnd.Importer ? "imp<" : "exp<") + Contract.Text + ">";
}
