// remote_process_create_exit: process_create_exit with the process on another kernel. k0 asks k1 over /kernels/1 to
// launch bench-empty from k1's boot bundle (RemoteProcess: a bind across the link, Launch, Launched) and waits on the
// same channel for its exit (Wait, Exited): the life of a minimal process plus the control plane's cost, beside the
// local figure of the same run. Nothing is printed on a machine of one kernel.
using Helios.Kernel.Arch;
using Helios.Kernel.Multikernel;

namespace Helios.Kernel.Bench.Cases
{
    internal static unsafe class RemoteProcessCreateExit
    {
        private const ulong Operations = 20;

        public static void Run()
        {
            if (KernelRole.Count < 2) return;
            Measure.Run("remote_process_create_exit", Operations, &Batch, Phases());
        }

        // Where the time goes, per process: launch= (the bind to /kernels/1, Launch and Launched, the process created
        // and started on k1), wait= (Wait until Exited: the process runs, ends and is reclaimed), and describe= (a bind
        // to /kernels/1, one Describe round trip and the close: the control plane's fixed cost).
        private static string Phases()
        {
            Batch(Operations);                          // warm, as Measure.Run is: k1's first launch reads the image
            Platform platform = Platform.Current;
            ulong launch = 0, wait = 0, describe = 0;
            for (ulong i = 0; i < Operations; i++)
            {
                ulong start = platform.ReadCycleCounter();
                RemoteProcess process = RemoteProcess.Launch(1, "bench-empty", new string[0]);
                ulong launched = platform.ReadCycleCounter();
                process.Wait();
                ulong ended = platform.ReadCycleCounter();
                KernelControl.Describe(1);
                describe += platform.ReadCycleCounter() - ended;
                launch += launched - start;
                wait += ended - launched;
            }
            return "launch=" + (platform.CounterToBenchmarkUnits(launch) / Operations).ToString()
                + " wait=" + (platform.CounterToBenchmarkUnits(wait) / Operations).ToString()
                + " describe=" + (platform.CounterToBenchmarkUnits(describe) / Operations).ToString();
        }

        private static void Batch(ulong operations)
        {
            for (ulong i = 0; i < operations; i++)
            {
                (int code, bool killed) = RemoteProcess.Launch(1, "bench-empty", new string[0]).Wait();
                if (code != 0 || killed) Diagnostics.Panic.Halt("bench-empty on k1 failed: exit code " + code.ToString() + (killed ? ", killed" : ""));
            }
        }
    }
}
