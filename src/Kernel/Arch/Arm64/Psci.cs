// PSCI (Arm DEN 0022): the firmware interface that powers CPUs on. QEMU's virt implements it itself and says in
// the device tree (/psci "method") whether calls go through HVC or SMC.
using Helios.Kernel.Boot;
using Helios.Kernel.Boot.DeviceTree;
using Helios.Kernel.Cpus;
using Helios.Kernel.Memory;

namespace Helios.Kernel.Arch.Arm64
{
    internal static unsafe class Psci
    {
        private const ulong CpuOn = 0xC400_0003;      // SMC64 CPU_ON
        private const ulong AlreadyOn = unchecked((ulong)-4);

        private static bool s_useSmc;

        /// <summary>Whether calls go through SMC (else HVC).</summary>
        public static bool UsesSmc => s_useSmc;

        /// <summary>A satellite: the coordinator's finding, from the boot block.</summary>
        public static void Use(bool smc) => s_useSmc = smc;

        public static void Initialize(FlattenedDeviceTree tree)
        {
            string method = tree.Find("/psci")?.GetString("method") ?? "hvc";
            if (method != "hvc" && method != "smc") throw new BootInfoException("device tree: /psci method \"" + method + "\" is neither hvc nor smc");
            s_useSmc = method == "smc";
        }

        /// <summary>Powers cpu on at helios_arm64_secondary_entry with its start block (page table, stack, index).</summary>
        public static bool Start(Cpu cpu, ulong stackTop)
        {
            ulong block = Frames.Allocate(1, cpu.Domain);      // freed never: a page per CPU, once per boot
            if (block == 0) return false;
            ulong* start = (ulong*)block;
            start[0] = AddressSpace.Root;
            start[1] = stackTop;
            start[2] = (ulong)cpu.Index;
            Instructions.CleanDataCache(start, 24);            // the CPU reads it with its MMU (and caches) off
            ulong result = s_useSmc
                ? Instructions.PsciSmc(CpuOn, cpu.HardwareId, Instructions.SecondaryEntry(), block)
                : Instructions.PsciHvc(CpuOn, cpu.HardwareId, Instructions.SecondaryEntry(), block);
            return result == 0 || result == AlreadyOn;
        }

        /// <summary>Powers the CPU hardwareId on at entry with x0 = context (another kernel's first CPU).</summary>
        public static bool StartAt(ulong hardwareId, ulong entry, ulong context)
        {
            ulong result = s_useSmc ? Instructions.PsciSmc(CpuOn, hardwareId, entry, context) : Instructions.PsciHvc(CpuOn, hardwareId, entry, context);
            return result == 0;
        }
    }
}
