// The server half of a ping-pong between two processes (tests/Kernel/Channels/ProcessChannelTests.cs): answers each
// Ping(n) with Pong(n + 1) on the endpoint the kernel gave it at start until the client closes the channel (even
// between a Ping and its Pong, as a client that breaks the protocol does: then the Pong finds the channel closed).
using Helios.Channels;
using Helios.Contracts;

// The Pings must carry 0, 1, 2, ... (what PingClient sends); with the argument "any", anything goes. With
// "register <path>" it takes its endpoint from the namespace instead: it registers the path and serves one client.
public static class Program
{
    public static int Main(string[] args)
    {
        bool registered = args.Length > 1 && args[0] == "register";
        int registration = registered ? ServiceNamespace.Register(args[1], PingPongContract.Info) : -1;
        if (registered) System.Console.WriteLine("registered " + args[1]);
        var server = new PingPongContract.Exp(registered ? ServiceNamespace.Accept(registration) : StartupEndpoints.Get(0));
        if (server.IsNull) return 2;
        int answered = 0;
        // Receive until the client closes: a receive of the one message this state allows parks the process for it,
        // so the client's send delivers straight into it (docs/channels.md, "How a message travels").
        try
        {
            while (true)
            {
                server.ReceivePing(out int data);
                if (data != answered && !(args.Length == 1 && args[0] == "any"))
                {
                    System.Console.WriteLine("ping " + answered.ToString() + " carried " + data.ToString());
                    return 1;                       // lost, duplicated or reordered
                }
                server.SendPong(data + 1);
                answered++;
            }
        }
        catch (ChannelClosedException)
        {
            // The client closed the channel, perhaps between a Ping and its Pong.
        }
        server.Close();
        if (registered) ServiceNamespace.Unregister(registration);
        System.Console.WriteLine("answered " + answered.ToString());
        return 0;
    }
}
