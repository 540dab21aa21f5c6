// What a kernel says of itself through /kernels/<id> (KernelControlContract's Description): what placement reads.
namespace Helios.Kernel.Multikernel
{
    public readonly struct KernelDescription
    {
        public KernelDescription(string platform, int domain, int cpus, long memory, int load)
        {
            Platform = platform;
            Domain = domain;
            Cpus = cpus;
            Memory = memory;
            Load = load;
        }

        /// <summary>"x86_64" or "arm64".</summary>
        public string Platform { get; }

        public int Domain { get; }

        public int Cpus { get; }

        /// <summary>Bytes of memory the kernel owns.</summary>
        public long Memory { get; }

        /// <summary>CPU load in per mille (Scheduler.LoadPerMille).</summary>
        public int Load { get; }
    }
}
