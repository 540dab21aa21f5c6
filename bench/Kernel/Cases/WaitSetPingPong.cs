// waitset_pingpong: two threads on one CPU hand a turn back and forth, each waiting on a wait-set (WaitAny over its
// event and a quit event, as Singularity's benchmark waits on several endpoints) and signalling the other's. One
// operation is one one-way hand-off, so a batch of N operations is N/2 round trips (as Linux's futex_pingpong).
using Helios.Kernel.Threading;

namespace Helios.Kernel.Bench.Cases
{
    internal static unsafe class WaitSetPingPong
    {
        private const ulong Operations = 2000;

        private static AutoResetEvent s_ping;
        private static AutoResetEvent s_pong;
        private static ManualResetEvent s_quit;
        private static WaitObject[] s_mainSet;
        private static WaitObject[] s_partnerSet;

        public static void Run()
        {
            s_ping = new AutoResetEvent();
            s_pong = new AutoResetEvent();
            s_quit = new ManualResetEvent();
            s_mainSet = new WaitObject[] { s_pong, s_quit };
            s_partnerSet = new WaitObject[] { s_ping, s_quit };
            var partner = new Thread(Partner, "waitset partner", affinity: 0);
            partner.Start();
            Measure.Run("waitset_pingpong", Operations, &Batch);
            s_quit.Set();
            partner.Join();
        }

        private static void Partner()
        {
            while (WaitDispatcher.WaitAny(s_partnerSet) == 0) s_pong.Set();
        }

        private static void Batch(ulong operations)
        {
            for (ulong i = 0; i < operations / 2; i++)
            {
                s_ping.Set();
                WaitDispatcher.WaitAny(s_mainSet);
            }
        }
    }
}
