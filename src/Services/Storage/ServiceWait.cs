// Binding to a service that may not have registered its path yet: ./helios boot --disk starts the disk's driver, the
// file system and the tools together (docs/services.md), so a client tries again, yielding, until the path appears.
using System.Diagnostics;
using Helios.Channels;
using Helios.Sip;

namespace Helios.Services.Storage
{
    public static class ServiceWait
    {
        private const int Seconds = 30;

        /// <summary>Binds exporter to path (ServiceNamespace.Bind); false with why when nothing registers it in 30 s.</summary>
        public static bool Bind(string path, ContractInfo contract, ulong exporter, out string why)
        {
            long deadline = Stopwatch.GetTimestamp() + Seconds * Stopwatch.Frequency;
            while (true)
            {
                try
                {
                    ServiceNamespace.Bind(path, contract, exporter);
                    why = null;
                    return true;
                }
                catch (ChannelException e)
                {
                    // The namespace refused before taking the exporter (nothing at path yet): it is still ours to retry.
                    if (Stopwatch.GetTimestamp() > deadline)
                    {
                        why = e.Message + " (waited " + Seconds.ToString() + " s)";
                        return false;
                    }
                }
                Scheduling.Yield();
            }
        }
    }
}
