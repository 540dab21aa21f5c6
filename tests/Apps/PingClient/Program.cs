// The client half of a ping-pong between two processes: `pingclient <count>` sends Ping(i) and expects Pong(i + 1)
// for i in 0..count, in order, then closes (exit 0; 1 on a wrong answer), on its start-up endpoint 0: the one its
// launcher gave it, or else the service its manifest names (/services/ping-process), bound as it asks for it. `pingclient violate` breaks the protocol
// (two Pings without waiting): the kernel refuses the second and the process dies of it, alone. `pingclient bind
// <path> <count> [wait-ms]` makes its own channel and binds it to the service at path instead of using the one it was
// given, waiting up to wait-ms for the service to register when told to (else nothing there kills it).
using Helios.Channels;
using Helios.Contracts;

public static class Program
{
    public static int Main(string[] args)
    {
        PingPongContract.Imp client;
        string bound = null;
        if (args.Length > 2 && args[0] == "bind")
        {
            bound = args[1];
            PingPongContract.NewChannel(out client, out PingPongContract.Exp exporter);
            if (args.Length > 3) ServiceNamespace.Bind(args[1], PingPongContract.Info, exporter.Handle, int.Parse(args[3]));
            else ServiceNamespace.Bind(args[1], PingPongContract.Info, exporter.Handle);
            args = new[] { args[2] };
        }
        else client = new PingPongContract.Imp(StartupEndpoints.Get(0));
        if (client.IsNull) return 2;
        if (args.Length > 0 && args[0] == "violate")
        {
            client.SendPing(0);
            client.SendPing(1);         // ProtocolViolationException, which nobody catches
            return 3;
        }
        int count = args.Length > 0 ? int.Parse(args[0]) : 10;
        for (int i = 0; i < count; i++)
        {
            client.SendPing(i);
            client.ReceivePong(out int answer);
            if (answer != i + 1)
            {
                System.Console.WriteLine("ping " + i.ToString() + " answered " + answer.ToString());
                return 1;
            }
        }
        client.Close();
        if (bound is not null) System.Console.WriteLine(count.ToString() + " round trips with " + bound + ", every answer right");
        return 0;
    }
}
