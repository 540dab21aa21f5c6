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

        /// <summary>Binds to the service at path: exporter moves to it; the caller keeps the channel's importer end.</summary>
        public static void Bind(string path, ContractInfo contract, ulong exporter)
        {
            ChannelCalls calls = RemoteChannel.Declared(contract);
            RemoteChannel.Check(calls, calls.Bind(path, contract.Id, exporter));
        }

        /// <summary>Takes the path back; clients bound but not accepted see their channels closed.</summary>
        public static void Unregister(int registration)
        {
            ChannelCalls calls = RemoteChannel.Calls;
            RemoteChannel.Check(calls, calls.Unregister(registration));
        }
    }
}
