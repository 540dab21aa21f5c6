// An app with a contract of its own (TallyContract.contract, compiled by the app SDK): neither the kernel nor the
// system's contracts know it, so each process declares it to the kernel at first use; two processes built from the
// same file declare identical tables and talk. `tally serve <path> <limit>` registers path and keeps a total for one
// client, refusing additions past limit (Overflow); `tally use <path> <n>` adds 1..n, checks the total, and ends
// with Done. Exit 0, or 1 with what was wrong.
using Helios.Channels;

namespace Tally
{
    public static class Program
    {
        public static int Main(string[] args)
        {
            if (args.Length < 3) return 2;
            return args[0] == "serve" ? Serve(args[1], long.Parse(args[2])) : Use(args[1], int.Parse(args[2]));
        }

        private static int Serve(string path, long limit)
        {
            int registration = ServiceNamespace.Register(path, TallyContract.Info);
            System.Console.WriteLine("serving " + path);
            var client = new TallyContract.Exp(ServiceNamespace.Accept(registration));
            long total = 0;
            int status = 1;
            while (client.TryWaitNext(out TallyContract.Descriptor.Message next))
            {
                if (next == TallyContract.Descriptor.Message.Add)
                {
                    client.ReceiveAdd(out int amount);
                    if (total + amount > limit) client.SendOverflow(total);
                    else
                    {
                        total += amount;
                        client.SendAdded();
                    }
                }
                else if (next == TallyContract.Descriptor.Message.Total)
                {
                    client.ReceiveTotal();
                    client.SendTotalIs(total);
                }
                else
                {
                    client.ReceiveDone();
                    status = 0;
                    break;
                }
            }
            client.Close();
            ServiceNamespace.Unregister(registration);
            return status;
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
