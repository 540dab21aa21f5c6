// Hand-built contract tables for the host tests (the generated ones are checked in the kernel):
// BufferPingPong { in Ping(byte[] in ExHeap data, int n); out Pong(byte[] in ExHeap data, int n); Start: Ping? -> Pong! -> Start; }
// Both messages: header 16, one descriptor 16..31, n at 32; 40 bytes.
using Helios.Channels;

namespace Helios.Tests.Channels;

internal static class TestContracts
{
    public const int Ping = 0, Pong = 1;
    public const int DataIndex = 0, NOffset = 32;

    public static readonly ContractInfo BufferPingPong = new(
        "BufferPingPong", 0x1234_5678_9ABC_DEF0UL, 2,
        new[] { "Ping", "Pong" }, new ushort[] { 0x1111, 0x2222 }, new[] { 0x1234_5678_9ABC_DEF0UL, 0x1234_5678_9ABC_DEF0UL },
        new ushort[] { 40, 40 }, new byte[] { 1, 1 },
        new[] { "Start", "Start after Ping?" }, new byte[] { 1, 2 },
        new ushort[] { 2, 0, 0, 1 });

    public static void SendPing(ulong imp, ulong data, int n)
    {
        MessageWriter w = Channel.BeginSend(imp, BufferPingPong, ContractInfo.Importer, Ping);
        w.WriteArray(DataIndex, data);
        w.Write(NOffset, n);
        w.Commit();
    }

    public static void SendPong(ulong exp, ulong data, int n)
    {
        MessageWriter w = Channel.BeginSend(exp, BufferPingPong, ContractInfo.Exporter, Pong);
        w.WriteArray(DataIndex, data);
        w.Write(NOffset, n);
        w.Commit();
    }

    public static (ulong Data, int N) Receive(ulong endpoint, byte side, int message)
    {
        MessageReader r = Channel.BeginReceive(endpoint, BufferPingPong, side, message);
        (ulong, int) result = (r.ReadHandle(DataIndex), r.Read<int>(NOffset));
        r.End();
        return result;
    }
}
