// A contract's fingerprint: 64-bit FNV-1a over a canonical text of what is on the wire and in the protocol table
// (contract id; per message its tag, declaring contract id, direction, size, descriptors and each parameter's
// offset and shape; per state its sender and transitions). Names that never reach the wire (parameters, states)
// are left out, so renaming them keeps the fingerprint; any change two peers would disagree on changes it.
using System.Globalization;
using System.Text;
using Helios.Contracts.Semantics;

namespace Helios.Contracts.Wire;

public static class Fingerprint
{
    public static string CanonicalText(ContractModel contract)
    {
        var text = new StringBuilder();
        text.Append("helios-contract ").Append(WireFormat.Version).Append(' ').Append(Hex(contract.Id)).Append('\n');
        foreach (MessageModel m in contract.Messages)
        {
            text.Append("message ").Append(m.Index).Append(' ').Append(m.Tag.ToString("X4", CultureInfo.InvariantCulture))
                .Append(' ').Append(Hex(m.DeclaringContractId)).Append(' ').Append(m.Direction)
                .Append(' ').Append(m.Size).Append(' ').Append(m.DescriptorCount);
            foreach (FieldModel f in m.Fields) text.Append(' ').Append(f.Offset).Append(':').Append(f.Type.WireShape);
            text.Append('\n');
        }
        foreach (StateModel s in contract.States)
        {
            text.Append("state ").Append(s.Index).Append(' ').Append((int)s.Sender);
            foreach (TransitionModel t in s.Transitions) text.Append(' ').Append(t.Message.Index).Append("->").Append(t.Target.Index);
            text.Append('\n');
        }
        return text.ToString();
    }

    public static ulong Compute(ContractModel contract) => WireHash.Fnv1a64(CanonicalText(contract));

    private static string Hex(ulong value) => value.ToString("X16", CultureInfo.InvariantCulture);
}
