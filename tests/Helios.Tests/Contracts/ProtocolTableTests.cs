// Protocol tables: state x message -> next state + 1 (0 forbidden) and who sends in each state. The walks below
// are what a run-time monitor does on every send and receive.
using Helios.Contracts;
using Helios.Contracts.Semantics;
using Xunit;

namespace Helios.Tests.Contracts;

public class ProtocolTableTests
{
    private static readonly ContractCompilation System = ContractFiles.CompileSystem();

    /// <summary>Runs a conversation ("Open?", "OpenOk!", ...) through the table; returns the state reached, or -1 at the first violation.</summary>
    private static int Walk(ContractModel contract, params string[] actions)
    {
        int state = 0;
        foreach (string action in actions)
        {
            MessageModel m = contract.FindMessage(action[..^1]);
            if (m is null) return -1;
            StateSender sender = action[^1] == '?' ? StateSender.Importer : StateSender.Exporter;
            state = contract.Table.NextState(state, m.Index, sender);
            if (state < 0) return -1;
        }
        return state;
    }

    [Fact]
    public void FileContractConversations()
    {
        ContractModel file = System.FindContract("FileContract")!;
        int ready = file.FindState("Ready")!.Index, end = file.FindState("End")!.Index, start = file.FindState("Start")!.Index;
        Assert.Equal(ready, Walk(file, "Open?", "OpenOk!"));
        Assert.Equal(start, Walk(file, "Open?", "OpenFailed!"));
        Assert.Equal(ready, Walk(file, "Open?", "OpenOk!", "Read?", "ReadDone!", "Read?", "ReadDone!"));
        Assert.Equal(end, Walk(file, "Open?", "OpenOk!", "Read?", "ReadDone!", "Close?"));
        // Violations: reading before opening, the server speaking out of turn, the client sending twice, anything after End.
        Assert.Equal(-1, Walk(file, "Read?"));
        Assert.Equal(-1, Walk(file, "OpenOk!"));
        Assert.Equal(-1, Walk(file, "Open?", "Open?"));
        Assert.Equal(-1, Walk(file, "Open?", "OpenOk!", "Close?", "Open?"));
    }

    [Fact]
    public void TheTableEncodesEveryTransitionAndNothingElse()
    {
        foreach (ContractModel contract in System.Contracts)
        {
            ProtocolTable table = contract.Table;
            Assert.Equal(contract.States.Count * contract.Messages.Count, table.Next.Length);
            foreach (StateModel state in contract.States)
            {
                Assert.Equal((byte)state.Sender, table.Senders[state.Index]);
                for (int m = 0; m < contract.Messages.Count; m++)
                {
                    TransitionModel t = state.Find(contract.Messages[m]);
                    Assert.Equal(t is null ? 0 : t.Target.Index + 1, table.Next[state.Index * table.MessageCount + m]);
                    Assert.Equal(t is null ? -1 : t.Target.Index, table.NextState(state.Index, m, state.Sender));
                    StateSender other = state.Sender == StateSender.Importer ? StateSender.Exporter : StateSender.Importer;
                    Assert.Equal(-1, table.NextState(state.Index, m, other));
                }
            }
        }
    }

    [Fact]
    public void StatesSayWhoSends()
    {
        ContractModel file = System.FindContract("FileContract")!;
        Assert.Equal(
            new[] { "Start:Importer", "Opening:Exporter", "Ready:Importer", "End:None", "Ready after Read?:Exporter" },
            file.States.Select(s => $"{s.Name}:{s.Sender}").ToArray());
    }

    [Fact]
    public void OutOfRangeInputsAreViolationsNotCrashes()
    {
        ProtocolTable table = System.FindContract("PingPongContract")!.Table;
        Assert.Equal(-1, table.NextState(-1, 0, StateSender.Importer));
        Assert.Equal(-1, table.NextState(0, -1, StateSender.Importer));
        Assert.Equal(-1, table.NextState(table.StateCount, 0, StateSender.Importer));
        Assert.Equal(-1, table.NextState(0, table.MessageCount, StateSender.Importer));
        Assert.Equal(-1, table.NextState(0, 0, StateSender.None));
    }

    [Fact]
    public void TcpConnectionFollowsTheStreamLifecycle()
    {
        ContractModel tcp = System.FindContract("TcpConnectionContract")!;
        int State(string name) => tcp.FindState(name)!.Index;
        Assert.Equal(State("Established"), Walk(tcp, "Connect?", "Connected!", "Send?", "Sent!", "Send?", "SendFailed!", "Receive?", "Received!"));
        Assert.Equal(State("ReceiveDone"), Walk(tcp, "Connect?", "Connected!", "Receive?", "PeerClosed!"));
        Assert.Equal(-1, Walk(tcp, "Connect?", "Connected!", "Receive?", "PeerClosed!", "Receive?"));
        Assert.Equal(State("End"), Walk(tcp, "Connect?", "Connected!", "Shutdown?", "ShutdownDone!", "Receive?", "PeerClosed!"));
        Assert.Equal(-1, Walk(tcp, "Connect?", "Connected!", "Shutdown?", "ShutdownDone!", "Send?"));
        Assert.Equal(State("Start"), Walk(tcp, "Connect?", "ConnectFailed!"));
    }

    [Fact]
    public void DerivedTablesExtendTheBaseTable()
    {
        string path = Path.Combine(ContractFiles.Corpus, "valid", "extension.contract");
        ContractCompilation compilation = ContractCompiler.Compile(path, File.ReadAllText(path));
        ContractModel b = compilation.FindContract("ServiceBase")!, d = compilation.FindContract("KeyValueService")!;
        // Every conversation of the base is a conversation of the derived contract, ending in the same state.
        string[][] conversations = { new[] { "Ready!" }, new[] { "Ready!", "Stop?", "Stopped!" } };
        foreach (string[] c in conversations) Assert.Equal(Walk(b, c), Walk(d, c));
        Assert.Equal(d.FindState("Serving")!.Index, Walk(d, "Ready!", "Get?", "Missing!", "Put?", "Stored!"));
        Assert.Equal(-1, Walk(b, "Ready!", "Get?"));
    }
}
