// channel_roundtrip_threads_<size>: SingBench's round trip (ChannelRoundTripSip.cs) between two kernel threads on one
// CPU; one operation is one round trip — the client sends an exchange-heap buffer of <size> bytes in Request and the
// server sends it back in Response. Sending moves the buffer's ownership, never its bytes, so every size should cost
// the same. The buffer is allocated once per size, as a client reusing its buffers would.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Threading;

namespace Helios.Kernel.Bench.Cases
{
    internal static class ChannelRoundTrip
    {
        private static readonly int[] Sizes = { 0, 64, 1024, 4096, 65536 };
        private const ulong Operations = 1000;

        private static BufferRoundTripContract.Imp s_client;
        private static ExArray<byte> s_buffer;

        public static unsafe void Run()
        {
            foreach (int size in Sizes)
            {
                BufferRoundTripContract.NewChannel(out s_client, out BufferRoundTripContract.Exp server);
                var partner = new Thread(() => Serve(server), "roundtrip server", affinity: 0);
                partner.Start();
                s_buffer = ExArray<byte>.Allocate(size);
                Measure.Run("channel_roundtrip_threads_" + size.ToString(), Operations, &Batch);
                s_buffer.Free();
                s_client.Close();
                partner.Join();
            }
        }

        private static void Serve(BufferRoundTripContract.Exp server)
        {
            try
            {
                while (true)
                {
                    server.ReceiveRequest(out ExArray<byte> data);
                    server.SendResponse(data);
                }
            }
            catch (ChannelClosedException)
            {
                server.Close();     // the client is done
            }
        }

        private static void Batch(ulong operations)
        {
            BufferRoundTripContract.Imp client = s_client;
            ExArray<byte> buffer = s_buffer;
            for (ulong i = 0; i < operations; i++)
            {
                client.SendRequest(buffer);
                client.ReceiveResponse(out buffer);
            }
            s_buffer = buffer;
        }
    }
}
