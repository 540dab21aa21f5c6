// The GICv2 interrupt controller of QEMU's virt machine (Arm GIC architecture v2): a distributor shared by all CPUs
// and a CPU interface per CPU. Interrupt ids: 0-15 SGIs (used as IPIs), 16-31 per-CPU PPIs (the timers), 32+ SPIs
// (devices). Every SPI starts disabled; drivers enable the ones they use.
namespace Helios.Kernel.Arch.Arm64
{
    internal static class Gic
    {
        private const ulong DistributorControl = 0x000;
        private const ulong InterruptControllerType = 0x004;
        private const ulong SetEnable = 0x100;
        private const ulong ClearEnable = 0x180;
        private const ulong Priority = 0x400;
        private const ulong Targets = 0x800;
        private const ulong Configuration = 0xC00;
        private const ulong SoftwareInterrupt = 0xF00;
        private const ulong CpuControl = 0x000;
        private const ulong PriorityMask = 0x004;
        private const ulong BinaryPoint = 0x008;
        private const ulong Acknowledge = 0x00C;
        private const ulong EndOfInterruptRegister = 0x010;

        private const uint DefaultPriority = 0xA0;
        public const int SpuriousId = 1023;
        public const int WakeupSgi = 0;
        public const int DoorbellSgi = 1;       // another kernel's link has records (KernelLinks)

        private static ulong s_distributor;
        private static ulong s_cpuInterface;

        public static int Lines { get; private set; }

        /// <summary>The distributor, once, on the boot CPU: every SPI disabled, at one priority, aimed at CPU 0.</summary>
        public static void Initialize(ulong distributor, ulong cpuInterface)
        {
            s_distributor = distributor;
            s_cpuInterface = cpuInterface;
            Mmio.Write32(s_distributor + DistributorControl, 0);
            Lines = (int)((Mmio.Read32(s_distributor + InterruptControllerType) & 0x1F) + 1) * 32;
            for (int id = 32; id < Lines; id += 32) Mmio.Write32(s_distributor + ClearEnable + (ulong)(id / 8), 0xFFFF_FFFF);
            for (int id = 32; id < Lines; id += 4)
            {
                Mmio.Write32(s_distributor + Priority + (ulong)id, DefaultPriority * 0x0101_0101u);
                Mmio.Write32(s_distributor + Targets + (ulong)id, 0x0101_0101u);
            }
            Mmio.Write32(s_distributor + DistributorControl, 1);
        }

        /// <summary>
        /// A satellite kernel (docs/multikernel.md): the coordinator set the distributor up and owns its global state
        /// (every SPI, its enable); a satellite only learns where the registers are, for its CPUs' own banked ones.
        /// </summary>
        public static void Attach(ulong distributor, ulong cpuInterface)
        {
            s_distributor = distributor;
            s_cpuInterface = cpuInterface;
            Lines = (int)((Mmio.Read32(s_distributor + InterruptControllerType) & 0x1F) + 1) * 32;
        }

        /// <summary>This CPU's banked SGIs and PPIs and its CPU interface; returns its target mask (for SGIs).</summary>
        public static uint InitializeThisCpu()
        {
            Mmio.Write32(s_distributor + ClearEnable, 0xFFFF_FFFF);
            for (int id = 0; id < 32; id += 4) Mmio.Write32(s_distributor + Priority + (ulong)id, DefaultPriority * 0x0101_0101u);
            Mmio.Write32(s_cpuInterface + PriorityMask, 0xF0);
            Mmio.Write32(s_cpuInterface + BinaryPoint, 0);
            Mmio.Write32(s_cpuInterface + CpuControl, 1);
            return Mmio.Read32(s_distributor + Targets) & 0xFF;     // ITARGETSR0 reads back this CPU's own bit
        }

        public static void Enable(int id) => Mmio.Write32(s_distributor + SetEnable + (ulong)(id / 32 * 4), 1u << (id % 32));

        /// <summary>An SPI raised by a pulse (a GICv2m message) is edge triggered: GICD_ICFGR's upper bit of its field.</summary>
        public static void ConfigureEdge(int id)
        {
            ulong register = s_distributor + Configuration + (ulong)(id / 16 * 4);
            Mmio.Write32(register, Mmio.Read32(register) | 2u << (id % 16 * 2));
        }

        /// <summary>Aims an SPI at the CPUs of targetMask (GICD_ITARGETSR, a byte per interrupt).</summary>
        public static void SetTarget(int id, uint targetMask)
        {
            ulong register = s_distributor + Targets + (ulong)(id & ~3);
            int shift = id % 4 * 8;
            Mmio.Write32(register, (Mmio.Read32(register) & ~(0xFFu << shift)) | (targetMask & 0xFF) << shift);
        }

        public static void Disable(int id) => Mmio.Write32(s_distributor + ClearEnable + (ulong)(id / 32 * 4), 1u << (id % 32));

        /// <summary>The highest-priority pending interrupt, now active (its full IAR value, for EndOfInterrupt).</summary>
        public static uint AcknowledgeInterrupt() => Mmio.Read32(s_cpuInterface + Acknowledge);

        public static void EndOfInterrupt(uint acknowledged) => Mmio.Write32(s_cpuInterface + EndOfInterruptRegister, acknowledged);

        /// <summary>Raises SGI id on the CPUs in targetMask (CPU interface bits).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]     // a doorbell between kernels: one per message
        public static void SendSoftwareInterrupt(uint targetMask, int id)
            => Mmio.Write32(s_distributor + SoftwareInterrupt, (targetMask & 0xFF) << 16 | (uint)id);
    }
}
