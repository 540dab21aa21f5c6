// channel_pingpong_2msg (SingBench): two kernel threads on one CPU exchange Ping and Pong (PingPongContract, an int
// each way); one operation is the two messages of a round trip, as one operation of Linux's pipe_pingpong_1 is a
// byte written and a byte read back.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Threading;

namespace Helios.Kernel.Bench.Cases
{
    internal static class ChannelPingPong
    {
        private const ulong Operations = 1000;

        private static PingPongContract.Imp s_client;

        public static unsafe void Run()
        {
            PingPongContract.NewChannel(out s_client, out PingPongContract.Exp server);
            var partner = new Thread(() => Serve(server), "pingpong server", affinity: 0);
            partner.Start();
            Measure.Run("channel_pingpong_2msg", Operations, &Batch);
            s_client.Close();
            partner.Join();
            // The same two messages sent and received by one thread holding both ends: the channel's own cost,
            // without the two thread switches.
            PingPongContract.NewChannel(out s_client, out s_server);
            Measure.Run("channel_pingpong_2msg_1thread", Operations, &OneThreadBatch);
            s_client.Close();
            s_server.Close();
        }

        private static PingPongContract.Exp s_server;

        private static void OneThreadBatch(ulong operations)
        {
            PingPongContract.Imp client = s_client;
            PingPongContract.Exp server = s_server;
            for (ulong i = 0; i < operations; i++)
            {
                client.SendPing((int)i);
                server.ReceivePing(out int data);
                server.SendPong(data);
                client.ReceivePong(out _);
            }
        }

        private static void Serve(PingPongContract.Exp server)
        {
            try
            {
                while (true)
                {
                    server.ReceivePing(out int data);
                    server.SendPong(data);
                }
            }
            catch (ChannelClosedException)
            {
                server.Close();
            }
        }

        private static void Batch(ulong operations)
        {
            PingPongContract.Imp client = s_client;
            for (ulong i = 0; i < operations; i++)
            {
                client.SendPing((int)i);
                client.ReceivePong(out _);
            }
        }
    }
}
