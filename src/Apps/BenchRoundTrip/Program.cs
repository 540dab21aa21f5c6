// The process side of channel_roundtrip_<size> (bench/Kernel/Cases/ChannelRoundTripSip.cs), on the endpoint the
// kernel gave it: `bench-roundtrip serve` answers each Request with a Response carrying the same buffer until the
// channel closes; `bench-roundtrip <size> <count>` lends the server one exchange-heap buffer of <size> bytes <count>
// times, then closes.
using Helios.Channels;
using Helios.Contracts;

public static class Program
{
    public static int Main(string[] args)
    {
        if (args.Length == 1 && args[0] == "serve")
        {
            var server = new BufferRoundTripContract.Exp(StartupEndpoints.Get(0));
            while (server.TryWaitNext(out _))
            {
                server.ReceiveRequest(out ExArray<byte> data);
                server.SendResponse(data);
            }
            server.Close();
            return 0;
        }
        if (args.Length != 2 || !int.TryParse(args[0], out int size) || !int.TryParse(args[1], out int count)) return 2;
        var client = new BufferRoundTripContract.Imp(StartupEndpoints.Get(0));
        ExArray<byte> buffer = ExArray<byte>.Allocate(size);
        for (int i = 0; i < count; i++)
        {
            client.SendRequest(buffer);
            client.ReceiveResponse(out buffer);
        }
        buffer.Free();
        client.Close();
        return 0;
    }
}
