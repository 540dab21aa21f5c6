// Checks every contract, each after the contract it extends: resolves bases (unknown ones, cycles and overly deep
// chains are reported and the contract is checked as if it extended nothing), then messages, then the protocol.
using System.Collections.Generic;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Syntax;
using Helios.Contracts.Text;
using Helios.Contracts.Wire;

namespace Helios.Contracts.Semantics;

internal sealed class ContractChecker
{
    private readonly CheckContext _context;
    private readonly MessageChecker _messages;
    private readonly Dictionary<string, ContractModel> _models = new();
    // Contracts checked as if they extended nothing: their base is unknown, in a cycle, or too deep.
    private readonly HashSet<ContractSyntax> _noBase = new();
    private readonly HashSet<ContractModel> _baseMissing = new();

    public ContractChecker(CheckContext context, TypeResolver types)
    {
        _context = context;
        _messages = new MessageChecker(context, types);
    }

    public List<ContractModel> CheckAll(IReadOnlyList<(ContractSyntax Syntax, SourceFile File)> contracts)
    {
        var result = new List<ContractModel>();
        foreach ((ContractSyntax syntax, SourceFile file) in OrderBasesFirst(contracts))
        {
            ContractModel? baseModel = null;
            if (syntax.BaseName is not null && !_noBase.Contains(syntax))
                _models.TryGetValue(syntax.BaseName.Text, out baseModel);
            if (baseModel is not null && !_context.TryInherit(baseModel.Messages.Count + baseModel.States.Count))
            {
                _context.Report(DiagnosticKind.ProtocolTooLarge, file, syntax.Name.Span,
                    $"contract {syntax.Name.Text} would take the messages and states inherited by the contracts compiled together past {CheckContext.MaxInherited}");
                baseModel = null;
            }
            // A contract whose base could not be had (reported already) gets its messages checked, not its
            // protocol: that would only repeat the base's absence as unknown states and messages.
            bool baseMissing = syntax.BaseName is not null && (baseModel is null || _baseMissing.Contains(baseModel));
            var model = new ContractModel(syntax, file, baseModel);
            model.Messages = _messages.Check(model);
            if (baseMissing) _baseMissing.Add(model);
            else ProtocolBuilder.Build(_context, model);
            model.Fingerprint = Fingerprint.Compute(model);
            _models[model.Name] = model;
            result.Add(model);
        }
        // Declaration order for callers, whatever order the bases imposed.
        var order = new Dictionary<ContractSyntax, int>();
        for (int i = 0; i < contracts.Count; i++) order[contracts[i].Syntax] = i;
        result.Sort((a, b) => order[a.Syntax].CompareTo(order[b.Syntax]));
        return result;
    }

    // Bases before the contracts extending them, without recursion. A contract whose base is unknown, in a cycle,
    // or too deep is reported and lands in _noBase.
    private List<(ContractSyntax, SourceFile)> OrderBasesFirst(IReadOnlyList<(ContractSyntax Syntax, SourceFile File)> contracts)
    {
        HashSet<ContractSyntax> noBase = _noBase;
        var byName = new Dictionary<string, (ContractSyntax Syntax, SourceFile File)>();
        foreach (var c in contracts) byName[c.Syntax.Name.Text] = c;
        NameHints? hints = null;
        var depth = new Dictionary<ContractSyntax, int>();
        var ordered = new List<(ContractSyntax, SourceFile)>();
        foreach (var start in contracts)
        {
            var chain = new List<(ContractSyntax Syntax, SourceFile File)>();
            var onChain = new HashSet<ContractSyntax>();
            var current = start;
            int baseDepth = -1;
            while (true)
            {
                if (depth.TryGetValue(current.Syntax, out int known)) { baseDepth = known; break; }
                if (onChain.Contains(current.Syntax))
                {
                    ReportCycle(chain, current.Syntax);
                    break;
                }
                chain.Add(current);
                onChain.Add(current.Syntax);
                NameSyntax? baseName = current.Syntax.BaseName;
                if (baseName is null) break;
                if (!byName.TryGetValue(baseName.Text, out var next))
                {
                    string what = _context.Structs.ContainsKey(baseName.Text)
                        ? $"'{baseName.Text}' is a struct; a contract can only extend a contract"
                        : $"contract {current.Syntax.Name.Text} extends unknown contract '{baseName.Text}'" + (hints ??= new NameHints(byName.Keys)).For(baseName.Text);
                    _context.Report(DiagnosticKind.UnknownBaseContract, current.File, baseName.Span, what);
                    noBase.Add(current.Syntax);
                    break;
                }
                current = next;
            }
            // Walk back down the chain: each contract is one deeper than its base.
            for (int i = chain.Count - 1; i >= 0; i--)
            {
                (ContractSyntax syntax, SourceFile file) = chain[i];
                if (depth.ContainsKey(syntax)) continue;
                if (noBase.Contains(syntax)) baseDepth = -1;
                int d = baseDepth + 1;
                if (d > CheckContext.MaxDepth)
                {
                    _context.Report(DiagnosticKind.NestingTooDeep, file, syntax.BaseName!.Span, $"contracts extend more than {CheckContext.MaxDepth} levels deep");
                    noBase.Add(syntax);
                    d = 0;
                }
                depth[syntax] = d;
                baseDepth = d;
                ordered.Add((syntax, file));
            }
        }
        return ordered;
    }

    /// <summary>Contracts of a cycle a diagnostic names: a cycle of thousands is reported without listing all of them.</summary>
    private const int MaxCycleShown = 8;

    private void ReportCycle(List<(ContractSyntax Syntax, SourceFile File)> chain, ContractSyntax repeated)
    {
        int from = chain.FindIndex(c => c.Syntax == repeated);
        int length = chain.Count - from;
        for (int i = from; i < chain.Count; i++)
        {
            (ContractSyntax syntax, SourceFile file) = chain[i];
            // The cycle as seen from this contract, cut after MaxCycleShown names: each report costs the same
            // whatever the cycle's length.
            var names = new List<string>();
            for (int k = 0; k < length && k < MaxCycleShown; k++) names.Add(chain[from + (i - from + k) % length].Syntax.Name.Text);
            string rest = length <= MaxCycleShown ? "" : $" : ... ({length} contracts in all)";
            _context.Report(DiagnosticKind.ExtensionCycle, file, syntax.BaseName!.Span,
                $"contract {syntax.Name.Text} extends itself: {string.Join(" : ", names)}{rest} : {syntax.Name.Text}");
            _noBase.Add(syntax);
        }
    }
}
