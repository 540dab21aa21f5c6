// A process that brings a drifted copy of TallyContract (its own TallyContract.contract, not the library's) to a
// kernel that already holds the library's (tests/Kernel/Channels/ProcessContractTests.cs): its first use declares the
// copy, the kernel refuses it naming the contract, the process that declared TallyContract first and this one, and
// the uncaught ChannelException kills this process alone.
using Helios.Channels;

namespace TallyDrift
{
    public static class Program
    {
        public static int Main()
        {
            TallyDrift.TallyContract.NewChannel(out TallyDrift.TallyContract.Imp tally, out TallyDrift.TallyContract.Exp server);
            tally.SendAdd(1);           // never reached: the declaration is refused
            return 3;
        }
    }
}
