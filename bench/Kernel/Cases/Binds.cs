// local_bind and rmp_bind (issue 14's target: rmp_bind ≤ 3 × local_bind): one operation is a bind through the
// namespace to a ping service, the first Ping answered, and the client's close. local_bind: the service is a kernel
// thread on k0 (the bind is a local channel: the directory lookup, then no link); rmp_bind: the same service on k1
// (RemoteBenchServer registers it), so the lookup, the exporter's trip over the link and the reply cross kernels.
// The service takes one client at a time: accept, answer one Ping, close.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Namespace;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Bench.Cases
{
    internal static unsafe class Binds
    {
        /// <summary>Where each kernel's bind service is registered: k0's for local_bind, k1's for rmp_bind.</summary>
        internal static string ServicePath(int kernel) => "/bench/bind-k" + kernel.ToString();

        private const ulong Operations = 200;
        private static string s_path;

        public static void RunLocal()
        {
            Serve();
            s_path = ServicePath(KernelRole.Id);
            Measure.Run("local_bind", Operations, &Batch);
        }

        public static void RunRemote()
        {
            if (KernelRole.Count < 2) return;
            s_path = ServicePath(1);
            for (int waited = 0; waited < 10_000 && NameService.List(s_path).Length == 0; waited++) Thread.Sleep(1_000_000);
            Measure.Run("rmp_bind", Operations, &Batch);
        }

        /// <summary>Registers this kernel's bind service and answers its clients, one at a time, in a thread of its own.</summary>
        internal static void Serve()
        {
            Registration registration = NameService.Register(ServicePath(KernelRole.Id), PingPongContract.Info);
            new Thread(() =>
            {
                while (true)
                {
                    var server = new PingPongContract.Exp(registration.Accept());
                    server.ReceivePing(out int value);
                    server.SendPong(value);
                    server.Close();
                }
            }, "bind service", affinity: 0).Start();
        }

        private static void Batch(ulong operations)
        {
            for (ulong i = 0; i < operations; i++)
            {
                PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp exporter);
                NameService.Bind(s_path, PingPongContract.Info, exporter.Handle);
                client.SendPing(1);
                client.ReceivePong(out _);
                client.Close();
            }
        }
    }
}
