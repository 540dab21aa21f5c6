// A contract's protocol compiled to a table a run-time monitor interprets in O(1) per message:
//   Next[state * MessageCount + message] = target state + 1, or 0 when the message is not allowed in that state;
//   Senders[state] = which side sends in that state (StateSender: 0 none/terminal, 1 importer, 2 exporter).
// State 0 is the start state. A base contract's states and messages keep their indices in every extension.
namespace Helios.Contracts.Semantics;

public sealed class ProtocolTable
{
    public ProtocolTable(int stateCount, int messageCount, ushort[] next, byte[] senders)
    {
        StateCount = stateCount;
        MessageCount = messageCount;
        Next = next;
        Senders = senders;
    }

    public int StateCount { get; }

    public int MessageCount { get; }

    public ushort[] Next { get; }

    public byte[] Senders { get; }

    /// <summary>
    /// The state after <paramref name="sender"/> sends message <paramref name="message"/> in <paramref name="state"/>,
    /// or -1 if the protocol forbids it (wrong side, not allowed here, or out of range).
    /// </summary>
    public int NextState(int state, int message, StateSender sender)
    {
        if ((uint)state >= (uint)StateCount || (uint)message >= (uint)MessageCount) return -1;
        if (Senders[state] != (byte)sender || sender == StateSender.None) return -1;
        return Next[state * MessageCount + message] - 1;
    }

    public static ProtocolTable Build(System.Collections.Generic.IReadOnlyList<StateModel> states, int messageCount)
    {
        var next = new ushort[states.Count * messageCount];
        var senders = new byte[states.Count];
        foreach (StateModel state in states)
        {
            senders[state.Index] = (byte)state.Sender;
            foreach (TransitionModel t in state.Transitions)
                next[state.Index * messageCount + t.Message.Index] = (ushort)(t.Target.Index + 1);
        }
        return new ProtocolTable(states.Count, messageCount, next, senders);
    }
}
