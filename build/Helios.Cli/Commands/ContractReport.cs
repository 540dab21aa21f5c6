// The text `helios contract show` prints for a contract: identity, messages with their layouts, and the protocol
// table, so that a reader can check the wire format by eye.
using System.Text;
using Helios.Contracts.Semantics;
using Helios.Contracts.Syntax;
using Helios.Contracts.Wire;

namespace Helios.Cli.Commands;

internal static class ContractReport
{
    public static string Describe(ContractModel contract)
    {
        var text = new StringBuilder();
        text.Append($"contract {contract.Name}");
        if (contract.Base is not null) text.Append($" : {contract.Base.Name}");
        text.AppendLine($"  ({contract.File.Path}:{contract.File.GetPosition(contract.Syntax.Name.Span.Start)})");
        text.AppendLine($"  id          0x{contract.Id:X16}");
        text.AppendLine($"  fingerprint 0x{contract.Fingerprint:X16}");
        text.AppendLine($"  messages    (index, tag, sender, bytes, descriptors; then offset, type, name)");
        foreach (MessageModel m in contract.Messages)
        {
            string sender = m.Direction switch { MessageDirection.In => "client", MessageDirection.Out => "server", _ => "either" };
            string declared = m.DeclaringContract == contract.Name ? "" : $"  (from {m.DeclaringContract})";
            text.AppendLine($"    {m.Index,3} {m.Name,-20} 0x{m.Tag:X4}  {sender,-6} {m.Size,5} B  {m.DescriptorCount} desc{declared}");
            foreach (FieldModel f in m.Fields)
            {
                string slot = f.DescriptorIndex >= 0 ? $"  (descriptor {f.DescriptorIndex})" : "";
                text.AppendLine($"          @{f.Offset,-5} {f.Type.Name} {f.Name}{slot}");
            }
        }
        text.AppendLine($"  states      (index, name, who sends: message -> next state; header {WireFormat.HeaderSize} B, descriptors {WireFormat.DescriptorSize} B)");
        foreach (StateModel s in contract.States)
        {
            string sender = s.Sender switch { StateSender.Importer => "client", StateSender.Exporter => "server", _ => "end" };
            var moves = new List<string>();
            foreach (TransitionModel t in s.Transitions) moves.Add($"{t.Message.Name} -> {t.Target.Index}");
            text.AppendLine($"    {s.Index,3} {s.Name,-32} {sender,-6} {string.Join(", ", moves)}");
        }
        return text.ToString();
    }
}
