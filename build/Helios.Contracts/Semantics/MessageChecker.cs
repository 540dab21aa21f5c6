// Checks a contract's own messages (names, parameter types, layout limits, tag collisions) and appends them to
// the messages it inherits, which keep their indices.
using System.Collections.Generic;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Syntax;
using Helios.Contracts.Text;
using Helios.Contracts.Wire;

namespace Helios.Contracts.Semantics;

internal sealed class MessageChecker
{
    private readonly CheckContext _context;
    private readonly TypeResolver _types;

    public MessageChecker(CheckContext context, TypeResolver types)
    {
        _context = context;
        _types = types;
    }

    public List<MessageModel> Check(ContractModel contract)
    {
        SourceFile file = contract.File;
        var all = new List<MessageModel>(contract.Base?.Messages ?? new MessageModel[0]);
        var byName = new Dictionary<string, MessageModel>();
        var byTag = new Dictionary<ushort, MessageModel>();
        foreach (MessageModel inherited in all)
        {
            byName[inherited.Name] = inherited;
            byTag[inherited.Tag] = inherited;
        }
        foreach (MessageSyntax syntax in contract.Syntax.Messages)
        {
            string name = syntax.Name.Text;
            _context.CheckName(syntax.Name, file, isContract: false);
            if (byName.TryGetValue(name, out MessageModel? existing))
            {
                string where = existing.DeclaringContract == contract.Name
                    ? $"already declared at {CheckContext.Where(existing.File, existing.Syntax.Name.Span, file)}"
                    : $"inherited from {existing.DeclaringContract}";
                _context.Report(DiagnosticKind.DuplicateMessage, file, syntax.Name.Span, $"message {name} is {where}");
                continue;
            }
            MessageModel message = Build(contract, syntax, all.Count);
            if (byTag.TryGetValue(message.Tag, out MessageModel? clash))
            {
                _context.Report(DiagnosticKind.WireIdCollision, file, syntax.Name.Span,
                    $"message {name} has the wire tag 0x{message.Tag:X4} of message {clash.Name} ({clash.DeclaringContract}); rename one of them");
            }
            all.Add(message);
            byName[name] = message;
            if (!byTag.ContainsKey(message.Tag)) byTag[message.Tag] = message;
        }
        return all;
    }

    private MessageModel Build(ContractModel contract, MessageSyntax syntax, int index)
    {
        SourceFile file = contract.File;
        var parameters = new List<(FieldSyntax, TypeModel)>();
        var names = new Dictionary<string, FieldSyntax>();
        foreach (FieldSyntax field in syntax.Fields)
        {
            _context.CheckName(field.Name, file, isContract: false);
            if (names.TryGetValue(field.Name.Text, out FieldSyntax? first))
            {
                _context.Report(DiagnosticKind.DuplicateField, file, field.Name.Span,
                    $"message {syntax.Name.Text} already has a parameter '{field.Name.Text}' (at {CheckContext.Where(file, first.Name.Span, file)})");
                continue;
            }
            names[field.Name.Text] = field;
            parameters.Add((field, _types.ResolveParameter(field.Type, file)));
        }
        (List<FieldModel> fields, long size, int descriptors) = MessageLayout.Compute(parameters);
        if (descriptors > WireFormat.MaxDescriptors)
            _context.Report(DiagnosticKind.MessageTooLarge, file, syntax.Name.Span,
                $"message {syntax.Name.Text} carries {descriptors} arrays and endpoints; a message may carry at most {WireFormat.MaxDescriptors}");
        else if (size > WireFormat.MaxMessageSize)
            _context.Report(DiagnosticKind.MessageTooLarge, file, syntax.Name.Span,
                $"message {syntax.Name.Text} is {size} bytes; a message may be at most {WireFormat.MaxMessageSize} (send bulk data as 'T[] in ExHeap')");
        int clamped = (int)System.Math.Min(size, WireFormat.MaxMessageSize);
        return new MessageModel(syntax.Name.Text, syntax.Direction, index, WireHash.MessageTag(syntax.Name.Text), contract.Name,
            fields, clamped, descriptors, syntax, file);
    }
}
