// A Helios app: Main runs on the process's main thread; what it returns is the process's exit code.
#if (library && client)
// A client of HeliosServer over SharedAdderContract, from the contract library SharedContracts that both reference:
// dotnet run starts HeliosServer and then this app (HeliosRunApps in the project file), which binds to the service
// and adds 1 to <count> there (5 by default).
using System;
using Helios.Channels;
using SharedContracts;
#elif (library)
// A server of SharedAdderContract, from the contract library SharedContracts: it registers
// /services/sharedcontracts (its manifest, heliosapp.manifest.xml, declares it) and serves one client. Run it with
// a client: dotnet new helios-app with the options contracts SharedContracts and server HeliosApp makes one, whose
// dotnet run starts both.
using System;
using Helios.Channels;
using SharedContracts;
#elif (service)
// It serves a contract of its own (HeliosAppContract.contract) and uses it: dotnet run starts two copies of it
// (HeliosRunApps in the project file), `heliosapp serve`, which registers /services/heliosapp (its manifest,
// heliosapp.manifest.xml, declares it), and `heliosapp use 5`, which binds to it and adds 1 to 5 there.
using System;
using Helios.Channels;
#else
// Run it with: dotnet run, then the options arch x86_64 (or arm64), then a second double dash and its arguments.
using System;
#endif

namespace HeliosApp
{
    public static class Program
    {
#if (library)
        private const string ServicePath = "/services/sharedcontracts";

#if (client)
        public static int Main(string[] args)
        {
            int count = args.Length == 1 ? int.Parse(args[0]) : 5;
            SharedAdderContract.NewChannel(out SharedAdderContract.Imp service, out SharedAdderContract.Exp exporter);
            // The server may not have registered yet: wait for it up to 10 s.
            ServiceNamespace.Bind(ServicePath, SharedAdderContract.Info, exporter.Handle, 10_000);
            long total = 0;
            for (int i = 1; i <= count; i++)
            {
                service.SendAdd(i);
                service.ReceiveTotal(out total);
            }
            service.SendDone();
            service.Close();
            Console.WriteLine($"total {total} after {count} additions");
            return total == (long)count * (count + 1) / 2 ? 0 : 1;
        }
#else
        // One client, then done: a service that outlives its clients accepts the next one in a loop and catches
        // ChannelClosedException per client (docs/apps.md, "A service that outlives bad clients").
        public static int Main(string[] args)
        {
            int registration = ServiceNamespace.Register(ServicePath, SharedAdderContract.Info);
            Console.WriteLine("serving " + ServicePath);
            var client = new SharedAdderContract.Exp(ServiceNamespace.Accept(registration));
            long total = 0;
            while (client.TryWaitNext(out SharedAdderContract.Descriptor.Message next))
            {
                if (next == SharedAdderContract.Descriptor.Message.Add)
                {
                    client.ReceiveAdd(out int amount);
                    total += amount;
                    client.SendTotal(total);
                }
                else
                {
                    client.ReceiveDone();
                    break;
                }
            }
            client.Close();
            ServiceNamespace.Unregister(registration);
            Console.WriteLine($"served one client: total {total}");
            return 0;
        }
#endif
#elif (service)
        private const string ServicePath = "/services/heliosapp";

        public static int Main(string[] args)
        {
            if (args.Length == 1 && args[0] == "serve") return Serve();
            if (args.Length == 2 && args[0] == "use") return Use(int.Parse(args[1]));
            Console.WriteLine("usage: heliosapp serve | heliosapp use <count>");
            return 2;
        }

        // One client, then done: a service that outlives its clients accepts the next one in a loop and catches
        // ChannelClosedException per client (docs/apps.md, "A service that outlives bad clients").
        private static int Serve()
        {
            int registration = ServiceNamespace.Register(ServicePath, HeliosAppContract.Info);
            Console.WriteLine("serving " + ServicePath);
            var client = new HeliosAppContract.Exp(ServiceNamespace.Accept(registration));
            long total = 0;
            while (client.TryWaitNext(out HeliosAppContract.Descriptor.Message next))
            {
                if (next == HeliosAppContract.Descriptor.Message.Add)
                {
                    client.ReceiveAdd(out int amount);
                    total += amount;
                    client.SendTotal(total);
                }
                else
                {
                    client.ReceiveDone();
                    break;
                }
            }
            client.Close();
            ServiceNamespace.Unregister(registration);
            Console.WriteLine($"served one client: total {total}");
            return 0;
        }

        private static int Use(int count)
        {
            HeliosAppContract.NewChannel(out HeliosAppContract.Imp service, out HeliosAppContract.Exp exporter);
            // The server may not have registered yet: wait for it up to 10 s.
            ServiceNamespace.Bind(ServicePath, HeliosAppContract.Info, exporter.Handle, 10_000);
            long total = 0;
            for (int i = 1; i <= count; i++)
            {
                service.SendAdd(i);
                service.ReceiveTotal(out total);
            }
            service.SendDone();
            service.Close();
            Console.WriteLine($"total {total} after {count} additions");
            return total == (long)count * (count + 1) / 2 ? 0 : 1;
        }
#else
        public static int Main(string[] args)
        {
            Console.WriteLine($"Hello from HeliosApp, with {args.Length} argument(s)!");
            return args.Length;
        }
#endif
    }
}
