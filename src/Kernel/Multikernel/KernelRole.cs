// Which kernel of the machine this one is (docs/multikernel.md): the coordinator (kernel 0, booted by the firmware)
// or a satellite (booted by the coordinator from a grant), how many kernels the machine has, and the NUMA domain this
// kernel owns. A machine without satellites has one kernel, the coordinator, and behaves as Helios did before them.
namespace Helios.Kernel.Multikernel
{
    public static class KernelRole
    {
        public static int Id { get; private set; }

        public static int Count { get; private set; } = 1;

        /// <summary>The machine's NUMA domain this kernel owns (the firmware's numbering, made dense).</summary>
        public static int Domain { get; private set; }

        public static bool IsSatellite => Id != 0;

        public static bool IsMultikernel => Count > 1;

        /// <summary>How the console and test names call this kernel: "k0", "k1", ...</summary>
        public static string Name => "k" + Id.ToString();

        internal static void Set(int id, int count, int domain)
        {
            Id = id;
            Count = count;
            Domain = domain;
        }
    }
}
