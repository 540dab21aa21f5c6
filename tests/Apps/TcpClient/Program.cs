// A TCP-like client (tests/Kernel/Channels/ProcessServiceTests.cs): `tcpclient <path>` binds to the stack at path,
// asks it for a connection by sending the exporter end of a new TcpConnectionContract channel, is refused on port 80
// (ConnectFailed, back to Start), connects to the echo port, sends two pieces, receives them back, shuts its sending
// half down, drains the rest until PeerClosed (the protocol ends there), and closes. Exit 0, or 1 with what was wrong.
using Helios.Channels;
using Helios.Contracts;

public static class Program
{
    private const uint Loopback = 0x7F000001;

    public static int Main(string[] args)
    {
        TcpContract.NewChannel(out TcpContract.Imp stack, out TcpContract.Exp stackExporter);
        ServiceNamespace.Bind(args.Length > 0 ? args[0] : "/services/tcp", TcpContract.Info, stackExporter.Handle);

        TcpConnectionContract.NewChannel(out TcpConnectionContract.Imp connection, out TcpConnectionContract.Exp connectionExporter);
        stack.SendCreateConnection(connectionExporter);    // an endpoint crosses to another process
        if (stack.WaitNext() != TcpContract.Descriptor.Message.ConnectionCreated) return Fail("no connection");
        stack.ReceiveConnectionCreated();

        connection.SendConnect(new IPv4Endpoint { address = Loopback, port = 80 });
        if (connection.WaitNext() != TcpConnectionContract.Descriptor.Message.ConnectFailed) return Fail("port 80 connected");
        connection.ReceiveConnectFailed(out int error);
        if (error != 111) return Fail("ConnectFailed carried " + error.ToString());

        connection.SendConnect(new IPv4Endpoint { address = Loopback, port = 7 });
        if (connection.WaitNext() != TcpConnectionContract.Descriptor.Message.Connected) return Fail("the echo port refused");
        connection.ReceiveConnected(out IPv4Endpoint local, out IPv4Endpoint remote);
        if (remote.port != 7 || local.address != Loopback) return Fail("Connected carried the wrong endpoints");

        string message = "hello, loopback";
        var data = ExArray<byte>.Allocate(8);
        for (int piece = 0; piece < 2; piece++)
        {
            int count = 0;
            for (int i = piece * 8; i < message.Length && count < 8; i++) data[count++] = (byte)message[i];
            connection.SendSend(data, count);
            if (connection.WaitNext() != TcpConnectionContract.Descriptor.Message.Sent) return Fail("a send failed");
            connection.ReceiveSent(out data);
        }
        connection.SendShutdown();
        connection.ReceiveShutdownDone();

        var echoed = new System.Text.StringBuilder();
        while (true)
        {
            connection.SendReceive(data);
            if (connection.WaitNext() == TcpConnectionContract.Descriptor.Message.PeerClosed)
            {
                connection.ReceivePeerClosed(out data);
                break;                                  // SendDone --PeerClosed--> End
            }
            connection.ReceiveReceived(out data, out int count);
            for (int i = 0; i < count; i++) echoed.Append((char)data[i]);
        }
        data.Free();
        if (connection.ProtocolState != (int)TcpConnectionContract.Descriptor.State.End) return Fail("not at End after PeerClosed");
        connection.Close();
        stack.Close();
        if (echoed.ToString() != message) return Fail("echoed \"" + echoed.ToString() + "\"");
        System.Console.WriteLine("echoed " + echoed.Length.ToString() + " bytes");
        return 0;
    }

    private static int Fail(string why)
    {
        System.Console.WriteLine(why);
        return 1;
    }
}
