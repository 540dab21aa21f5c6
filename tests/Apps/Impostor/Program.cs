// A process that brings contracts the kernel must refuse (tests/Kernel/Channels/ProcessContractTests.cs); each way
// ends with an uncaught ChannelException that kills this process alone. `impostor conflict` declares tables of its own
// under the system's PingPongContract id (hand-made: a .contract file declaring PingPongContract would fail this app's
// build, HL0115, since every app references the system's contracts); `impostor malformed` hands the kernel tables that
// name a state the contract does not have; `impostor wrong-id` claims the id of another name.
using Helios.Channels;

namespace Impostor
{
    public static class Program
    {
        public static int Main(string[] args)
        {
            string mode = args.Length > 0 ? args[0] : "conflict";
            string name = mode == "conflict" ? "PingPongContract" : "Broken";
            ulong id = mode == "wrong-id" ? WireHash.ContractId("FileContract") : WireHash.ContractId(name);
            // One message, one state; the transition goes to state 9 (+1) when malformed.
            var broken = new ContractInfo(name, id, 1, new[] { "Put" }, new[] { WireHash.MessageTag("Put") }, new[] { id },
                new ushort[] { 16 }, new byte[] { 0 }, new[] { "Start" }, new byte[] { ContractInfo.Importer },
                new ushort[] { mode == "malformed" ? (ushort)10 : (ushort)1 });
            ServiceNamespace.Bind("/services/nobody", broken, 0);   // declares it first: refused there
            return 3;
        }
    }
}
