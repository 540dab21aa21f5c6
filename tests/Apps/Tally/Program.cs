// The service of a contract shared through a contract library (tests/ContractLibraries/TallyContracts, which this app
// and tests/Apps/TallyClient reference): neither the kernel nor the system's contracts know TallyContract, so each
// process declares it to the kernel at first use; both are built from the library's one declaration, so their tables
// are identical and they talk. `tally serve <path> <limit>` registers path and keeps a total for one client, refusing
// additions past limit (Overflow). Exit 0, or 1 when the client left without Done.
using Helios.Channels;

namespace Tally
{
    public static class Program
    {
        public static int Main(string[] args)
        {
            if (args.Length < 3 || args[0] != "serve") return 2;
            return Serve(args[1], long.Parse(args[2]));
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
    }
}
