// The server half of a ping-pong between two processes (tests/Kernel/Channels/ProcessChannelTests.cs): answers each
// Ping(n) with Pong(n + 1) on the endpoint the kernel gave it at start until the client closes the channel (even
// between a Ping and its Pong, as a client that breaks the protocol does: then the Pong finds the channel closed).
using Helios.Channels;
using Helios.Contracts;

// The Pings must carry 0, 1, 2, ... (what PingClient sends); with the argument "any", anything goes. With
// "register <path> [clients]" it takes its endpoints from the namespace instead: it registers the path and serves that
// many clients (1 by default) one after the other. A client that breaks the protocol or dies ends only its own
// channel: the server sees it closed and accepts the next one (docs/apps.md, "A service that outlives bad clients").
public static class Program
{
    public static int Main(string[] args)
    {
        bool registered = args.Length > 1 && args[0] == "register";
        bool any = args.Length == 1 && args[0] == "any";
        if (!registered) return Serve(new PingPongContract.Exp(StartupEndpoints.Get(0)), any);
        int clients = args.Length > 2 ? int.Parse(args[2]) : 1;
        int registration = ServiceNamespace.Register(args[1], PingPongContract.Info);
        System.Console.WriteLine("registered " + args[1]);
        int status = 0;
        for (int i = 0; i < clients; i++)
            status |= Serve(new PingPongContract.Exp(ServiceNamespace.Accept(registration)), any);
        ServiceNamespace.Unregister(registration);
        return status;
    }

    // One client, until it closes its channel (or breaks it): 0, or 1 when a Ping carried the wrong number.
    private static int Serve(PingPongContract.Exp server, bool any)
    {
        if (server.IsNull) return 2;
        int answered = 0;
        // Receive until the client closes: a receive of the one message this state allows parks the process for it,
        // so the client's send delivers straight into it (docs/channels.md, "How a message travels").
        try
        {
            while (true)
            {
                server.ReceivePing(out int data);
                if (data != answered && !any)
                {
                    System.Console.WriteLine("ping " + answered.ToString() + " carried " + data.ToString());
                    server.Close();
                    return 1;                       // lost, duplicated or reordered
                }
                server.SendPong(data + 1);
                answered++;
            }
        }
        catch (ChannelClosedException)
        {
            // The client closed the channel, perhaps between a Ping and its Pong, or broke the protocol (which closes it).
        }
        server.Close();
        System.Console.WriteLine("answered " + answered.ToString());
        return 0;
    }
}
