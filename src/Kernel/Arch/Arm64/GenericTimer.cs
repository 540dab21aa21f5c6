// The ARM generic timer's virtual timer (EL1 view of CNTV_*): a compare value against the virtual count, raising
// its PPI when the count reaches it. Periodic ticks re-arm it from the previous deadline, so they never drift.
namespace Helios.Kernel.Arch.Arm64
{
    internal static class GenericTimer
    {
        public const int DefaultInterrupt = 27;     // PPI 11: the virtual timer
        private const ulong Enable = 1;

        public static ulong Frequency => Instructions.ReadCounterFrequency();

        public static ulong Count => Instructions.ReadVirtualCounter();

        /// <summary>Fires when the count reaches deadline.</summary>
        public static void Arm(ulong deadline)
        {
            Instructions.WriteTimerCompare(deadline);
            Instructions.WriteTimerControl(Enable);
        }

        public static void Stop() => Instructions.WriteTimerControl(0);
    }
}
