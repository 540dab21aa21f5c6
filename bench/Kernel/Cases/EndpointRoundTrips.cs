// channel_roundtrip_endpoint and rmp_roundtrip_endpoint (issue 14's target: rmp ≤ 2.5 × channel): one operation is a
// round trip of a message carrying one endpoint. The client makes a TcpConnectionContract channel, sends its
// exporter in CreateConnection, receives ConnectionCreated and closes its importer; the service receives the
// exporter and closes it. channel_roundtrip_endpoint: the service is a kernel thread on k0 (a local channel);
// rmp_roundtrip_endpoint: the same service on k1 (RemoteBenchServer starts it), so the carried end crosses the link
// (an OpenCarried record before the message: docs/channels.md, "Endpoints between kernels") and both closes do too.
// The client binds to the service once, before the timed runs.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Namespace;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Bench.Cases
{
    internal static unsafe class EndpointRoundTrips
    {
        private static string ServicePath(int kernel) => "/bench/carry-k" + kernel.ToString();

        private const ulong Operations = 500;
        private static TcpContract.Imp s_client;

        public static void RunLocal()
        {
            Serve();
            Bind(ServicePath(KernelRole.Id));
            Measure.Run("channel_roundtrip_endpoint", Operations, &Batch);
            s_client.Close();
        }

        public static void RunRemote()
        {
            if (KernelRole.Count < 2) return;
            string path = ServicePath(1);
            for (int waited = 0; waited < 10_000 && NameService.List(path).Length == 0; waited++) Thread.Sleep(1_000_000);
            Bind(path);
            Measure.Run("rmp_roundtrip_endpoint", Operations, &Batch);
            s_client.Close();
        }

        private static void Bind(string path)
        {
            TcpContract.NewChannel(out TcpContract.Imp client, out TcpContract.Exp exporter);
            NameService.Bind(path, TcpContract.Info, exporter.Handle);
            s_client = client;
        }

        /// <summary>Registers this kernel's service and serves its clients, one at a time, in a thread of its own.</summary>
        internal static void Serve()
        {
            Registration registration = NameService.Register(ServicePath(KernelRole.Id), TcpContract.Info);
            new Thread(() =>
            {
                while (true)
                {
                    var server = new TcpContract.Exp(registration.Accept());
                    try
                    {
                        while (true)
                        {
                            server.ReceiveCreateConnection(out TcpConnectionContract.Exp connection);
                            server.SendConnectionCreated();
                            connection.Close();
                        }
                    }
                    catch (ChannelException)
                    {
                        // the client closed: the run is over
                    }
                    server.Close();
                }
            }, "carry service", affinity: 0).Start();
        }

        private static void Batch(ulong operations)
        {
            TcpContract.Imp client = s_client;
            for (ulong i = 0; i < operations; i++)
            {
                TcpConnectionContract.NewChannel(out TcpConnectionContract.Imp connection, out TcpConnectionContract.Exp carried);
                client.SendCreateConnection(carried);
                client.ReceiveConnectionCreated();
                connection.Close();
            }
        }
    }
}
