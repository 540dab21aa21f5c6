// A client of a contract shared through a contract library (tests/ContractLibraries/TallyContracts, which this app and
// tests/Apps/Tally reference): `tallyclient <path> <n>` binds to the tally service at path, adds 1..n (counting the
// additions it refuses as Overflow), checks the total, and ends with Done. Exit 0, or 1 with what was wrong.
using Helios.Channels;
using Tally;

namespace TallyClient
{
    public static class Program
    {
        public static int Main(string[] args)
        {
            if (args.Length < 2) return 2;
            return Use(args[0], int.Parse(args[1]));
        }

        private static int Use(string path, int n)
        {
            TallyContract.NewChannel(out TallyContract.Imp tally, out TallyContract.Exp exporter);
            ServiceNamespace.Bind(path, TallyContract.Info, exporter.Handle);
            long expected = 0;
            int overflows = 0;
            for (int i = 1; i <= n; i++)
            {
                tally.SendAdd(i);
                if (tally.WaitNext() == TallyContract.Descriptor.Message.Overflow)
                {
                    tally.ReceiveOverflow(out long at);
                    if (at != expected) return Fail("Overflow at " + at.ToString() + ", expected " + expected.ToString());
                    overflows++;
                }
                else
                {
                    tally.ReceiveAdded();
                    expected += i;
                }
            }
            tally.SendTotal();
            tally.ReceiveTotalIs(out long total);
            tally.SendDone();
            tally.Close();
            if (total != expected) return Fail("total " + total.ToString() + ", expected " + expected.ToString());
            System.Console.WriteLine("total " + total.ToString() + " after " + overflows.ToString() + " overflows");
            return 0;
        }

        private static int Fail(string why)
        {
            System.Console.WriteLine(why);
            return 1;
        }
    }
}
