// The namespace from a process (docs/channels.md#the-namespace): the kernel keeps it (src/Kernel/Namespace); a process
// reaches it through its channel calls. A service registers a path and accepts clients; a client makes a channel,
// binds the exporter end to the path and keeps the importer end. A process's registrations go when it ends.
// Kernel threads use Helios.Kernel.Namespace.NameService directly.
namespace Helios.Channels
{
    public static class ServiceNamespace
    {
        /// <summary>Registers path for this process's service speaking contract; returns the registration's number.</summary>
        public static int Register(string path, ContractInfo contract)
        {
            ChannelCalls calls = RemoteChannel.Declared(contract);
            RemoteChannel.Check(calls, calls.Register(path, contract.Id, out int registration));
            return registration;
        }

        /// <summary>Waits for the next client (nanoseconds; -1 forever): its exporter end, now this process's; 0 on timeout.</summary>
        public static ulong Accept(int registration, long timeoutNanoseconds = -1)
        {
            ChannelCalls calls = RemoteChannel.Calls;
            RemoteChannel.Check(calls, calls.Accept(registration, timeoutNanoseconds, out ulong endpoint));
            return endpoint;
        }

        /// <summary>Binds to the service at path: exporter moves to it; the caller keeps the channel's importer end.
        /// Nothing registered there is a ServiceNotRegisteredException.</summary>
        public static void Bind(string path, ContractInfo contract, ulong exporter)
        {
            ChannelCalls calls = RemoteChannel.Declared(contract);
            RemoteChannel.Check(calls, calls.Bind(path, contract.Id, exporter));
        }

        /// <summary>
        /// Bind, waiting up to millisecondsTimeout (-1: forever) for a service to register path: a client started
        /// beside its service, on this kernel or another, need not retry by hand. The wait sleeps between looks (1 ms,
        /// doubling to 64 ms), so it costs no CPU; after the time, ServiceNotRegisteredException as Bind would throw.
        /// Other refusals (another contract at the path, a bad path) are thrown at once.
        /// </summary>
        public static void Bind(string path, ContractInfo contract, ulong exporter, int millisecondsTimeout)
        {
            if (millisecondsTimeout < -1) throw new System.ArgumentOutOfRangeException(nameof(millisecondsTimeout), "must be -1 (forever) or at least 0");
            long started = System.Environment.TickCount64;
            int pause = 1;
            while (true)
            {
                try
                {
                    Bind(path, contract, exporter);
                    return;
                }
                catch (ServiceNotRegisteredException)
                {
                    long left = millisecondsTimeout < 0 ? long.MaxValue : millisecondsTimeout - (System.Environment.TickCount64 - started);
                    if (left <= 0) throw;
                    System.Threading.Thread.Sleep((int)System.Math.Min(pause, left));
                    if (pause < 64) pause *= 2;
                }
            }
        }

        /// <summary>Takes the path back; clients bound but not accepted see their channels closed.</summary>
        public static void Unregister(int registration)
        {
            ChannelCalls calls = RemoteChannel.Calls;
            RemoteChannel.Check(calls, calls.Unregister(registration));
        }
    }
}
