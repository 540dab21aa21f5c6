// The server half of a ping-pong between two processes (tests/Kernel/Channels/ProcessChannelTests.cs): answers each
// Ping(n) with Pong(n + 1) on the endpoint the kernel gave it at start until the client closes the channel.
using Helios.Channels;
using Helios.Contracts;

public static class Program
{
    public static int Main(string[] args)
    {
        var server = new PingPongContract.Exp(StartupEndpoints.Get(0));
        if (server.IsNull) return 2;
        int answered = 0;
        while (server.TryWaitNext(out _))
        {
            server.ReceivePing(out int data);
            server.SendPong(data + 1);
            answered++;
        }
        server.Close();
        System.Console.WriteLine("answered " + answered.ToString());
        return 0;
    }
}
