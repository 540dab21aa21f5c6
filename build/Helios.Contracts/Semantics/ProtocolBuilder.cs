// Builds a contract's protocol state machine from its state declarations and checks it: every state and message
// exists, messages go the declared way, no state lets both sides send, no choice has two branches starting with
// the same message, every declared state is reachable from the start and every declared message is used.
// Named states are nodes; each action inside a sequence leads to an anonymous node ("Ready after Read?").
using System.Collections.Generic;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Syntax;
using Helios.Contracts.Text;

namespace Helios.Contracts.Semantics;

internal sealed class ProtocolBuilder
{
    /// <summary>Table entries (states × messages) a contract may have (HL0212): the table is static data in every image.</summary>
    public const int MaxTableEntries = 1 << 16;

    /// <summary>
    /// States a contract may have (HL0212): a table entry holds the next state + 1 in a ushort, and the kernel's
    /// declaration format (src/Channels/ContractDeclaration.cs) takes at most this many.
    /// </summary>
    public const int MaxStates = ushort.MaxValue - 1;

    /// <summary>Characters of a group's text an anonymous state's name quotes.</summary>
    private const int MaxDescribedGroup = 64;

    private readonly CheckContext _context;
    private readonly ContractModel _contract;
    private readonly SourceFile _file;
    private readonly List<StateModel> _states = new();
    private readonly Dictionary<string, StateModel> _named = new();
    private readonly Dictionary<string, MessageModel> _messages = new();
    private readonly HashSet<MessageModel> _used = new();
    // Targets of transitions rejected with a diagnostic: counted as reachable, so one mistake is one diagnostic.
    private readonly List<StateModel> _rejectedTargets = new();
    private NameHints? _stateHints;
    private NameHints? _messageHints;

    private ProtocolBuilder(CheckContext context, ContractModel contract)
    {
        _context = context;
        _contract = contract;
        _file = contract.File;
        foreach (MessageModel m in contract.Messages) _messages[m.Name] = m;
    }

    public static void Build(CheckContext context, ContractModel contract) => new ProtocolBuilder(context, contract).Run();

    private void Run()
    {
        InheritStates();
        var bodies = new List<(StateModel State, StateSyntax Syntax)>();
        var own = new List<(StateModel State, StateSyntax Syntax)>();
        DeclareStates(bodies, own);
        if (_states.Count == 0)
        {
            _context.Report(DiagnosticKind.MissingStartState, _file, _contract.Syntax.Name.Span,
                $"contract {_contract.Name} has no states; the first state declared is where the protocol starts (e.g. 'state Start: Ping? -> Pong! -> Start;')");
            _contract.States = _states;
            return;
        }

        var compiled = new HashSet<StateSyntax>();
        foreach ((StateModel state, StateSyntax syntax) in bodies)
        {
            if (syntax.Body is not null) Compile(state, syntax.Body);
            compiled.Add(syntax);
        }
        foreach (StateSyntax syntax in _contract.Syntax.States)
            if (!compiled.Contains(syntax)) MarkUsed(syntax.Body);

        ReportUnreachable(own);
        ReportUnused();
        _contract.States = _states;
        long entries = (long)_states.Count * _contract.Messages.Count;
        if (_states.Count > MaxStates)
        {
            _context.Report(DiagnosticKind.ProtocolTooLarge, _file, _contract.Syntax.Name.Span,
                $"contract {_contract.Name} has {_states.Count} states (named and within sequences); a contract may have at most {MaxStates}");
            return;
        }
        if (entries > MaxTableEntries)
        {
            _context.Report(DiagnosticKind.ProtocolTooLarge, _file, _contract.Syntax.Name.Span,
                $"contract {_contract.Name} has {_states.Count} states (named and within sequences) and {_contract.Messages.Count} messages, {entries} table entries; its table may have at most {MaxTableEntries}");
            return;
        }
        _contract.Table = ProtocolTable.Build(_states, _contract.Messages.Count);
    }

    // Gives each new state its index (after the inherited ones) and pairs every body to compile with its state:
    // new states' bodies, and overrides' bodies, which add to an inherited state. Rejected declarations are reported.
    private void DeclareStates(List<(StateModel State, StateSyntax Syntax)> bodies, List<(StateModel State, StateSyntax Syntax)> own)
    {
        var inherited = new HashSet<string>(_named.Keys);
        var overridden = new Dictionary<string, StateSyntax>();
        var declared = new Dictionary<string, StateSyntax>();
        foreach (StateSyntax syntax in _contract.Syntax.States)
        {
            string name = syntax.Name.Text;
            _context.CheckName(syntax.Name, _file, isContract: false);
            if (syntax.IsOverride)
            {
                if (!inherited.Contains(name))
                {
                    string why = _contract.Base is null ? $"contract {_contract.Name} extends no contract" : $"no base of {_contract.Name} declares a state {name}";
                    _context.Report(DiagnosticKind.OverrideWithoutBase, _file, syntax.Name.Span, $"cannot override state {name}: {why}");
                }
                else if (overridden.TryGetValue(name, out StateSyntax? first))
                {
                    _context.Report(DiagnosticKind.DuplicateState, _file, syntax.Name.Span,
                        $"state {name} is already overridden at {CheckContext.Where(_file, first.Name.Span, _file)}");
                }
                else
                {
                    overridden[name] = syntax;
                    bodies.Add((_named[name], syntax));
                }
            }
            else if (inherited.Contains(name))
            {
                _context.Report(DiagnosticKind.HidesInheritedState, _file, syntax.Name.Span,
                    $"state {name} is inherited from {_contract.Base!.Name}; write 'override state {name}' to add branches to it");
            }
            else if (declared.TryGetValue(name, out StateSyntax? first))
            {
                _context.Report(DiagnosticKind.DuplicateState, _file, syntax.Name.Span,
                    $"state {name} is already declared at {CheckContext.Where(_file, first.Name.Span, _file)}");
            }
            else
            {
                declared[name] = syntax;
                var state = new StateModel(name, _states.Count, true, _file, syntax.Name.Span);
                _states.Add(state);
                _named[name] = state;
                bodies.Add((state, syntax));
                own.Add((state, syntax));
            }
        }
    }

    // A base's states come first with their indices; overrides may add transitions to these copies only.
    private void InheritStates()
    {
        if (_contract.Base is null) return;
        foreach (StateModel s in _contract.Base.States)
        {
            var copy = new StateModel(s.Name, s.Index, s.IsNamed, s.File, s.Span);
            _states.Add(copy);
            if (s.IsNamed) _named[s.Name] = copy;
        }
        foreach (StateModel s in _contract.Base.States)
            foreach (TransitionModel t in s.Transitions)
            {
                _states[s.Index].Add(new TransitionModel(t.Message, t.Sender, _states[t.Target.Index], t.File, t.Span));
                _used.Add(t.Message);
            }
    }

    private void Compile(StateModel from, ProtocolSyntax protocol)
    {
        switch (protocol)
        {
            case ChoiceSyntax choice:
                foreach (ProtocolSyntax branch in choice.Branches) Compile(from, branch);
                break;
            case PathSyntax path:
                CompilePath(from, path);
                break;
        }
    }

    // A rejected state declaration was reported once; the messages it names count as used, so that the mistake
    // does not also read as "message never used".
    private void MarkUsed(ProtocolSyntax? protocol)
    {
        switch (protocol)
        {
            case ChoiceSyntax choice:
                foreach (ProtocolSyntax branch in choice.Branches) MarkUsed(branch);
                break;
            case PathSyntax path:
                foreach (StepSyntax step in path.Steps)
                {
                    if (step is ActionSyntax action) MarkUsed(action);
                    else
                        foreach (IReadOnlyList<ActionSyntax> alternative in ((GroupSyntax)step).Alternatives)
                            foreach (ActionSyntax a in alternative) MarkUsed(a);
                }
                MarkUsed(path.Tail);
                break;
        }
    }

    private void MarkUsed(ActionSyntax action)
    {
        if (_messages.TryGetValue(action.Message.Text, out MessageModel? message)) _used.Add(message);
    }

    private void CompilePath(StateModel from, PathSyntax path)
    {
        StateModel current = from;
        for (int i = 0; i < path.Steps.Count; i++)
        {
            StepSyntax step = path.Steps[i];
            bool last = i == path.Steps.Count - 1;
            StateModel next = last && path.Tail is StateReferenceSyntax target
                ? Resolve(target.Name) ?? NewAnonymous(current, step)
                : NewAnonymous(current, step);
            CompileStep(current, step, next);
            current = next;
        }
        if (path.Tail is ChoiceSyntax tail) Compile(current, tail);
    }

    private void CompileStep(StateModel from, StepSyntax step, StateModel to)
    {
        if (step is ActionSyntax action)
        {
            AddTransition(from, action, to);
            return;
        }
        foreach (IReadOnlyList<ActionSyntax> alternative in ((GroupSyntax)step).Alternatives)
        {
            StateModel current = from;
            for (int i = 0; i < alternative.Count; i++)
            {
                StateModel next = i == alternative.Count - 1 ? to : NewAnonymous(current, alternative[i]);
                AddTransition(current, alternative[i], next);
                current = next;
            }
        }
    }

    // An anonymous state is named after the named state its path starts from, the path's first step and its own
    // step ("Ready after Read?", "Ready after Read? -> ... -> Reply!"): never after the whole path before it, which
    // would make the names of a long path grow with the square of its length.
    private StateModel NewAnonymous(StateModel after, StepSyntax step)
    {
        string what = step is ActionSyntax a ? a.ToString() : Describe((GroupSyntax)step);
        string name, origin;
        if (after.IsNamed) name = origin = $"{after.Name} after {what}";
        else
        {
            origin = after.Origin;
            name = after.Name == origin ? $"{origin} -> {what}" : $"{origin} -> ... -> {what}";
        }
        var state = new StateModel(name, _states.Count, false, _file, step.Span) { Origin = origin };
        _states.Add(state);
        return state;
    }

    private static string Describe(GroupSyntax group)
    {
        var parts = new List<string>();
        foreach (IReadOnlyList<ActionSyntax> alternative in group.Alternatives)
            parts.Add(string.Join(" -> ", alternative));
        return "(" + DisplayText.Cut(string.Join(" or ", parts), MaxDescribedGroup) + ")";
    }

    private StateModel? Resolve(NameSyntax name)
    {
        if (_named.TryGetValue(name.Text, out StateModel? state)) return state;
        _context.Report(DiagnosticKind.UnknownState, _file, name.Span,
            $"unknown state '{name.Text}' in contract {_contract.Name}" + (_stateHints ??= new NameHints(_named.Keys)).For(name.Text));
        return null;
    }

    private void AddTransition(StateModel from, ActionSyntax action, StateModel to)
    {
        if (!TryAddTransition(from, action, to)) _rejectedTargets.Add(to);
    }

    private bool TryAddTransition(StateModel from, ActionSyntax action, StateModel to)
    {
        string name = action.Message.Text;
        if (!_messages.TryGetValue(name, out MessageModel? message))
        {
            string? meant = (_messageHints ??= new NameHints(_messages.Keys)).Find(name);
            _context.Report(DiagnosticKind.UnknownMessage, _file, action.Message.Span,
                $"unknown message '{name}' in contract {_contract.Name}" + (meant is null ? "" : $"; did you mean '{meant}'?"));
            // The message it was surely meant to be is not "never used" as well.
            if (meant is not null) _used.Add(_messages[meant]);
            return false;
        }
        _used.Add(message);
        StateSender sender = action.ExporterSends ? StateSender.Exporter : StateSender.Importer;
        if (sender == StateSender.Importer && !message.ImporterMaySend)
        {
            _context.Report(DiagnosticKind.WrongDirection, _file, action.Span,
                $"message {name} is 'out' (the server sends it), but '{name}?' has the client send it; write '{name}!'");
            sender = StateSender.Exporter;
        }
        else if (sender == StateSender.Exporter && !message.ExporterMaySend)
        {
            _context.Report(DiagnosticKind.WrongDirection, _file, action.Span,
                $"message {name} is 'in' (the client sends it), but '{name}!' has the server send it; write '{name}?'");
            sender = StateSender.Importer;
        }
        if (from.Sender != StateSender.None && from.Sender != sender)
        {
            TransitionModel other = from.Transitions[0];
            _context.Report(DiagnosticKind.MixedInitiative, _file, action.Span,
                $"in state {from.Name} the {Side(other.Sender)} sends {other.Message.Name} (at {CheckContext.Where(other.File, other.Span, _file)}), " +
                $"so the {Side(sender)} cannot send {name} there: both would send at once; one side must make the choice");
            return false;
        }
        if (from.Find(message) is TransitionModel earlier)
        {
            _context.Report(DiagnosticKind.AmbiguousChoice, _file, action.Span,
                $"in state {from.Name} two branches start with {action} (the other at {CheckContext.Where(earlier.File, earlier.Span, _file)}); " +
                $"merge them: '{action} -> one {{ ... }}'");
            return false;
        }
        from.Add(new TransitionModel(message, sender, to, _file, action.Span));
        return true;
    }

    private static string Side(StateSender sender) => sender == StateSender.Exporter ? "server" : "client";

    private void ReportUnreachable(List<(StateModel State, StateSyntax Syntax)> own)
    {
        var reached = new bool[_states.Count];
        var work = new Stack<StateModel>();
        work.Push(_states[0]);
        reached[0] = true;
        foreach (StateModel root in _rejectedTargets)
        {
            if (reached[root.Index]) continue;
            reached[root.Index] = true;
            work.Push(root);
        }
        while (work.Count > 0)
        {
            foreach (TransitionModel t in work.Pop().Transitions)
            {
                if (reached[t.Target.Index]) continue;
                reached[t.Target.Index] = true;
                work.Push(t.Target);
            }
        }
        foreach ((StateModel state, StateSyntax syntax) in own)
            if (!reached[state.Index])
                _context.Report(DiagnosticKind.UnreachableState, _file, syntax.Name.Span,
                    $"state {state.Name} is unreachable from the start state {_states[0].Name}");
    }

    private void ReportUnused()
    {
        foreach (MessageModel message in _contract.Messages)
            if (message.DeclaringContract == _contract.Name && !_used.Contains(message))
                _context.Report(DiagnosticKind.MessageNeverUsed, _file, message.Syntax.Name.Span,
                    $"message {message.Name} is declared but no state of {_contract.Name} sends or receives it");
    }
}
