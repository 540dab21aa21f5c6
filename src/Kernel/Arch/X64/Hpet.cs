// The High Precision Event Timer, used once at boot as the reference clock that the TSC and the local APIC timer
// are calibrated against: its period is stated in the hardware (femtoseconds per tick).
namespace Helios.Kernel.Arch.X64
{
    internal static class Hpet
    {
        private const ulong Capabilities = 0x000;
        private const ulong Configuration = 0x010;
        private const ulong MainCounter = 0x0F0;
        private const ulong EnableCounter = 1;

        /// <summary>Starts the main counter if needed; returns its period in femtoseconds (0: no usable HPET).</summary>
        public static ulong Start(ulong physicalBase)
        {
            ulong period = Mmio.Read64(physicalBase + Capabilities) >> 32;
            if (period == 0 || period > 100_000_000) return 0;    // the specification caps it at 100 ns
            Mmio.Write64(physicalBase + Configuration, Mmio.Read64(physicalBase + Configuration) | EnableCounter);
            return period;
        }

        public static ulong Counter(ulong physicalBase) => Mmio.Read64(physicalBase + MainCounter);
    }
}
