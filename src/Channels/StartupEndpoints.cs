// How a process gets its first endpoints: the kernel creates channels and hands one end to each process before it
// starts (Process.GiveEndpoint); the process wraps the handle in its contract's endpoint type:
// `var server = new PingPongContract.Exp(StartupEndpoints.Get(0));`.
namespace Helios.Channels
{
    /// <summary>The endpoints the kernel handed this process at start (Process.GiveEndpoint), by index.</summary>
    public static class StartupEndpoints
    {
        /// <summary>Endpoint number index, or 0 when the process was given fewer.</summary>
        public static ulong Get(int index) => RemoteChannel.Calls.StartupEndpoint(index);
    }
}
