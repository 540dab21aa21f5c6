// A TCP-like service as a process: a loopback "stack" serving TcpContract at a namespace path (the manifest declares
// /services/tcp) and a TcpConnectionContract connection per CreateConnection. Loopback: a connection to port 7
// (echo) is accepted, any other port is refused (ConnectFailed); what a client sends comes back to its receives;
// after the client shuts its sending half down, receives drain what is left and then see PeerClosed.
// `tcpstack <path> <clients>` serves that many clients one after the other, then takes the path back; exit 0, or 1
// when a client leaves a connection without closing it.
using Helios.Channels;
using Helios.Contracts;

public static class Program
{
    public const ushort EchoPort = 7;
    public const int ConnectionRefused = 111;
    public const uint Loopback = 0x7F000001;

    public static int Main(string[] args)
    {
        string path = args.Length > 0 ? args[0] : "/services/tcp";
        int clients = args.Length > 1 ? int.Parse(args[1]) : 1;
        int registration = ServiceNamespace.Register(path, TcpContract.Info);
        System.Console.WriteLine("serving " + path);
        int status = 0;
        for (int i = 0; i < clients && status == 0; i++)
        {
            var client = new TcpContract.Exp(ServiceNamespace.Accept(registration));
            // One conversation at a time (no select in a process yet): each CreateConnection is served to its end.
            while (status == 0 && client.TryWaitNext(out _))
            {
                client.ReceiveCreateConnection(out TcpConnectionContract.Exp connection);
                client.SendConnectionCreated();
                status = Serve(connection);
                connection.Close();
            }
            client.Close();
        }
        ServiceNamespace.Unregister(registration);
        return status;
    }

    private static int Serve(TcpConnectionContract.Exp connection)
    {
        var pending = new System.Collections.Generic.List<byte>();
        bool peerDone = false;
        var local = new IPv4Endpoint { address = Loopback, port = 49152 };
        while (connection.TryWaitNext(out TcpConnectionContract.Descriptor.Message next))
        {
            switch (next)
            {
                case TcpConnectionContract.Descriptor.Message.Connect:
                    connection.ReceiveConnect(out IPv4Endpoint remote);
                    if (remote.address == Loopback && remote.port == EchoPort) connection.SendConnected(local, remote);
                    else connection.SendConnectFailed(ConnectionRefused);
                    break;
                case TcpConnectionContract.Descriptor.Message.Send:
                    connection.ReceiveSend(out ExArray<byte> data, out int count);
                    if (count < 0 || count > data.Length) connection.SendSendFailed(data, 22);
                    else
                    {
                        for (int i = 0; i < count; i++) pending.Add(data[i]);
                        connection.SendSent(data);
                    }
                    break;
                case TcpConnectionContract.Descriptor.Message.Receive:
                    connection.ReceiveReceive(out ExArray<byte> buffer);
                    if (pending.Count == 0 && peerDone)
                    {
                        connection.SendPeerClosed(buffer);
                        // After a shutdown, PeerClosed ends the protocol (SendDone -> End): nothing more comes.
                        if (connection.ProtocolState == (int)TcpConnectionContract.Descriptor.State.End) return 0;
                    }
                    else
                    {
                        int n = pending.Count < buffer.Length ? pending.Count : buffer.Length;
                        for (int i = 0; i < n; i++) buffer[i] = pending[i];
                        for (int i = 0; i < n; i++) pending.RemoveAt(0);
                        connection.SendReceived(buffer, n);
                    }
                    break;
                case TcpConnectionContract.Descriptor.Message.Shutdown:
                    connection.ReceiveShutdown();
                    peerDone = true;                // loopback: our peer is the client itself
                    connection.SendShutdownDone();
                    break;
                case TcpConnectionContract.Descriptor.Message.Close:
                    connection.ReceiveClose();
                    connection.SendClosed();
                    return 0;
            }
        }
        System.Console.WriteLine("a connection closed without Close");
        return 1;
    }
}
