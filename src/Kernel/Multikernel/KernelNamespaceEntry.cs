// Every kernel in the namespace (docs/multikernel.md, "One namespace"): /kernels/<id>, served by the kernel itself
// with KernelControlContract. A bind to it, from any kernel, is a private control channel to that kernel: describe it
// (platform, domain, CPUs, memory, load: what placement reads) or launch a process there and wait for its end.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Namespace;
using Helios.Satellite.Namespace;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Multikernel
{
    public static class KernelNamespaceEntry
    {
        /// <summary>This kernel's path: "/kernels/0" for the coordinator.</summary>
        public static string Path(int kernel) => ServiceDirectory.KernelPath(kernel);

        /// <summary>
        /// Registers this kernel's path and serves its binds. A satellite does it before it is online, here only: the
        /// coordinator puts it in the directory when it links to the satellite (Announce), before anyone can look.
        /// </summary>
        internal static void Register()
        {
            string path = Path(KernelRole.Id);
            Registration registration = KernelRole.IsSatellite
                ? NameService.RegisterHere(path, KernelControlContract.Info, ExchangeHeap.Current.KernelOwner)
                : NameService.Register(path, KernelControlContract.Info);
            new Thread(() =>
            {
                while (true)
                {
                    ulong client = registration.Accept();
                    if (client == 0) return;
                    KernelControlServer.Start(client, KernelControlServer.Anyone);
                }
            }, "serves " + path).Start();
        }

        /// <summary>The coordinator, once linked to satellite k: /kernels/k is in the directory from now on.</summary>
        internal static void Announce(int k) => NameService.RegisterFor(k, Path(k), KernelControlContract.Info.Id);
    }
}
