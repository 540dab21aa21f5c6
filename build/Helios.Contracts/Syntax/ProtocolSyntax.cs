// A state's protocol as written: sequences of actions (A? -> B! -> S), groups ((A! or B!)), choices (one { ... }).
using System.Collections.Generic;
using Helios.Contracts.Text;

namespace Helios.Contracts.Syntax;

public abstract class ProtocolSyntax
{
    protected ProtocolSyntax(SourceSpan span)
    {
        Span = span;
    }

    public SourceSpan Span { get; }
}

/// <summary><c>step -> step -> ... -> tail</c>, where the tail is a state name or a choice.</summary>
public sealed class PathSyntax : ProtocolSyntax
{
    public PathSyntax(IReadOnlyList<StepSyntax> steps, ProtocolSyntax tail, SourceSpan span) : base(span)
    {
        Steps = steps;
        Tail = tail;
    }

    /// <summary>At least one.</summary>
    public IReadOnlyList<StepSyntax> Steps { get; }

    /// <summary>A <see cref="StateReferenceSyntax"/> or a <see cref="ChoiceSyntax"/>.</summary>
    public ProtocolSyntax Tail { get; }
}

/// <summary><c>one { path; path; ... }</c>: exactly one of the branches happens.</summary>
public sealed class ChoiceSyntax : ProtocolSyntax
{
    public ChoiceSyntax(IReadOnlyList<ProtocolSyntax> branches, SourceSpan span) : base(span)
    {
        Branches = branches;
    }

    /// <summary>Each a <see cref="PathSyntax"/> or a nested <see cref="ChoiceSyntax"/>.</summary>
    public IReadOnlyList<ProtocolSyntax> Branches { get; }
}

/// <summary>The state a path continues in.</summary>
public sealed class StateReferenceSyntax : ProtocolSyntax
{
    public StateReferenceSyntax(NameSyntax name) : base(name.Span)
    {
        Name = name;
    }

    public NameSyntax Name { get; }
}

public abstract class StepSyntax
{
    protected StepSyntax(SourceSpan span)
    {
        Span = span;
    }

    public SourceSpan Span { get; }
}

/// <summary><c>Name?</c> (the exporter receives: the importer sends) or <c>Name!</c> (the exporter sends).</summary>
public sealed class ActionSyntax : StepSyntax
{
    public ActionSyntax(NameSyntax message, bool exporterSends, SourceSpan span) : base(span)
    {
        Message = message;
        ExporterSends = exporterSends;
    }

    public NameSyntax Message { get; }

    /// <summary>True for <c>!</c>, false for <c>?</c>.</summary>
    public bool ExporterSends { get; }

    public override string ToString() => Message.Text + (ExporterSends ? "!" : "?");
}

/// <summary><c>(A! or B? -> C! or ...)</c>: one of several action sequences, all continuing at the same place.</summary>
public sealed class GroupSyntax : StepSyntax
{
    public GroupSyntax(IReadOnlyList<IReadOnlyList<ActionSyntax>> alternatives, SourceSpan span) : base(span)
    {
        Alternatives = alternatives;
    }

    public IReadOnlyList<IReadOnlyList<ActionSyntax>> Alternatives { get; }
}
