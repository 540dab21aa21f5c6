// A checked contract: identity, every message (inherited first), every state (inherited first, start = 0), the
// protocol table, and a fingerprint of its wire shape.
using System.Collections.Generic;
using Helios.Contracts.Syntax;
using Helios.Contracts.Text;
using Helios.Contracts.Wire;

namespace Helios.Contracts.Semantics;

public sealed class ContractModel
{
    internal ContractModel(ContractSyntax syntax, SourceFile file, ContractModel? baseContract)
    {
        Syntax = syntax;
        File = file;
        Base = baseContract;
    }

    public string Name => Syntax.Name.Text;

    /// <summary>The contract's 64-bit wire id: FNV-1a of its name (<see cref="WireHash.ContractId"/>).</summary>
    public ulong Id => WireHash.ContractId(Name);

    public ContractSyntax Syntax { get; }

    public SourceFile File { get; }

    public ContractModel? Base { get; }

    /// <summary>All messages, the base contract's first; <see cref="MessageModel.Index"/> is the position here.</summary>
    public IReadOnlyList<MessageModel> Messages { get; internal set; } = new MessageModel[0];

    /// <summary>All states, the base contract's first; state 0 is the start.</summary>
    public IReadOnlyList<StateModel> States { get; internal set; } = new StateModel[0];

    public StateModel? StartState => States.Count > 0 ? States[0] : null;

    public ProtocolTable Table { get; internal set; } = new(0, 0, new ushort[0], new byte[0]);

    /// <summary>
    /// 64-bit FNV-1a over a canonical text of everything on the wire (message tags, directions, layouts, the table):
    /// two builds of a contract can talk iff their fingerprints match.
    /// </summary>
    public ulong Fingerprint { get; internal set; }

    public MessageModel? FindMessage(string name)
    {
        foreach (MessageModel m in Messages)
            if (m.Name == name) return m;
        return null;
    }

    public StateModel? FindState(string name)
    {
        foreach (StateModel s in States)
            if (s.IsNamed && s.Name == name) return s;
        return null;
    }

    public override string ToString() => $"contract {Name} (0x{Id:X16})";
}
