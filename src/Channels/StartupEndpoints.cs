// How a process gets its first endpoints: the kernel hands it one end of a channel before it starts
// (Process.GiveEndpoint), or binds the path its manifest's <endpoint id path> names the first time the process asks
// for that slot (docs/manifests.md); the process wraps the handle in its contract's endpoint type:
// `var server = new PingPongContract.Exp(StartupEndpoints.Get(0));`.
namespace Helios.Channels
{
    /// <summary>The endpoints this process starts with, by the ids its manifest gives them.</summary>
    public static class StartupEndpoints
    {
        /// <summary>
        /// Endpoint index, or 0 when the process has none there. A manifest endpoint whose service is not
        /// registered throws ServiceNotRegisteredException; another refusal of the bind, a ChannelException.
        /// </summary>
        public static ulong Get(int index)
        {
            ChannelCalls calls = RemoteChannel.Calls;
            RemoteChannel.Check(calls, calls.StartupEndpoint(index, out ulong endpoint));
            return endpoint;
        }

        /// <summary>Get, for a contract the kernel may not know yet (one of the application's own): it is declared first.</summary>
        public static ulong Get(int index, ContractInfo contract)
        {
            ChannelCalls calls = RemoteChannel.Declared(contract);
            RemoteChannel.Check(calls, calls.StartupEndpoint(index, out ulong endpoint));
            return endpoint;
        }
    }
}
