// A state of a contract's protocol: a named state, or an anonymous one inside a sequence (after 'A?' in 'A? -> B! -> S').
using System.Collections.Generic;
using Helios.Contracts.Text;

namespace Helios.Contracts.Semantics;

/// <summary>Which end may send in a state. A state where both could would race, so the checker forbids it.</summary>
public enum StateSender : byte
{
    /// <summary>Terminal: nothing more may be sent.</summary>
    None = 0,
    /// <summary>The importer (client, <c>imp&lt;C&gt;</c>) sends; the exporter receives (<c>A?</c>).</summary>
    Importer = 1,
    /// <summary>The exporter (server, <c>exp&lt;C&gt;</c>) sends; the importer receives (<c>A!</c>).</summary>
    Exporter = 2,
}

public sealed class StateModel
{
    // Most states (every one inside a path) have one transition: the index by message is made only for a choice,
    // so that a long path costs a list per state, not a dictionary too.
    private const int IndexFrom = 8;
    private readonly List<TransitionModel> _transitions = new(1);
    private Dictionary<MessageModel, TransitionModel>? _byMessage;

    public StateModel(string name, int index, bool isNamed, SourceFile file, Text.SourceSpan span)
    {
        Name = name;
        Index = index;
        IsNamed = isNamed;
        File = file;
        Span = span;
    }

    /// <summary>The declared name, or a description such as "Ready after Read?" for an anonymous state.</summary>
    public string Name { get; }

    public int Index { get; }

    /// <summary>For an anonymous state, the name of the first anonymous state of its path (what later ones are named after).</summary>
    internal string Origin { get; set; } = "";

    public bool IsNamed { get; }

    /// <summary>Where the state is declared (named) or the action that leads into it (anonymous).</summary>
    public SourceFile File { get; }

    public SourceSpan Span { get; }

    public StateSender Sender { get; internal set; }

    public IReadOnlyList<TransitionModel> Transitions => _transitions;

    internal void Add(TransitionModel transition)
    {
        _transitions.Add(transition);
        if (_byMessage is not null) _byMessage[transition.Message] = transition;
        else if (_transitions.Count >= IndexFrom)
        {
            _byMessage = new Dictionary<MessageModel, TransitionModel>();
            foreach (TransitionModel t in _transitions) _byMessage[t.Message] = t;
        }
        Sender = transition.Sender;
    }

    public TransitionModel? Find(MessageModel message)
    {
        if (_byMessage is not null) return _byMessage.TryGetValue(message, out TransitionModel? found) ? found : null;
        foreach (TransitionModel t in _transitions)
            if (t.Message == message) return t;
        return null;
    }

    public override string ToString() => Name;
}

/// <summary>In a state, one side sends a message and the protocol moves to the target state.</summary>
public sealed class TransitionModel
{
    public TransitionModel(MessageModel message, StateSender sender, StateModel target, SourceFile file, SourceSpan span)
    {
        Message = message;
        Sender = sender;
        Target = target;
        File = file;
        Span = span;
    }

    public MessageModel Message { get; }

    public StateSender Sender { get; }

    public StateModel Target { get; }

    /// <summary>The action in the source that declared this transition.</summary>
    public SourceFile File { get; }

    public SourceSpan Span { get; }
}
