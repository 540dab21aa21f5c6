// The local APIC of each CPU (xAPIC, memory-mapped; Intel SDM vol. 3, ch. 11): its timer, end of interrupt, and
// inter-processor interrupts (wake-ups, and INIT/STARTUP to bring processors up).
namespace Helios.Kernel.Arch.X64
{
    internal static class LocalApic
    {
        private const ulong Id = 0x20;
        private const ulong TaskPriority = 0x80;
        private const ulong EndOfInterruptRegister = 0xB0;
        private const ulong SpuriousVectorRegister = 0xF0;
        private const ulong InterruptCommandLow = 0x300;
        private const ulong InterruptCommandHigh = 0x310;
        private const ulong LvtTimer = 0x320;
        private const ulong LvtLint0 = 0x350;
        private const ulong LvtError = 0x370;
        private const ulong TimerInitialCount = 0x380;
        private const ulong TimerCurrentCount = 0x390;
        private const ulong TimerDivide = 0x3E0;

        private const uint Enable = 1u << 8;
        private const uint Masked = 1u << 16;
        private const uint Periodic = 1u << 17;
        private const uint DeliveryPending = 1u << 12;
        private const uint LevelAssert = 1u << 14;
        private const uint DivideBy1 = 0xB;

        public const int TimerVector = 0x30;
        public const int WakeupVector = 0xF0;
        public const int DoorbellVector = 0xF1;     // another kernel's link has records (KernelLinks)
        public const int ErrorVector = 0xFE;
        public const int SpuriousVector = 0xFF;

        private static ulong s_base;

        public static void Initialize(ulong physicalBase) => s_base = physicalBase;

        /// <summary>Turns this CPU's local APIC on: accept all priorities, mask LINT0 (the PIC), report errors.</summary>
        public static void EnableOnThisCpu()
        {
            Write(SpuriousVectorRegister, Enable | SpuriousVector);
            Write(TaskPriority, 0);
            Write(LvtLint0, Masked);
            Write(LvtError, ErrorVector);
            Write(LvtTimer, Masked);
            Write(TimerDivide, DivideBy1);
        }

        public static uint CurrentId => Read(Id) >> 24;

        public static void EndOfInterrupt() => Write(EndOfInterruptRegister, 0);

        /// <summary>Counts down from count without interrupting (for calibration); read back with TimerCount.</summary>
        public static void StartFreeRunning(uint count)
        {
            Write(LvtTimer, Masked | TimerVector);
            Write(TimerInitialCount, count);
        }

        public static uint TimerCount => Read(TimerCurrentCount);

        public static void StartPeriodic(uint count)
        {
            Write(LvtTimer, Periodic | TimerVector);
            Write(TimerInitialCount, count);
        }

        public static void StartOneShot(uint count)
        {
            Write(LvtTimer, TimerVector);
            Write(TimerInitialCount, count);
        }

        public static void StopTimer()
        {
            Write(LvtTimer, Masked | TimerVector);
            Write(TimerInitialCount, 0);
        }

        /// <summary>Sends vector to the CPU with the given APIC id (fixed delivery, edge).</summary>
        public static void SendIpi(uint apicId, int vector) => Send(apicId, LevelAssert | (uint)vector);

        /// <summary>INIT (delivery mode 101), then the caller waits 10 ms before STARTUP.</summary>
        public static void SendInit(uint apicId) => Send(apicId, LevelAssert | (5u << 8));

        /// <summary>STARTUP (delivery mode 110): the CPU starts in real mode at page (vector << 12).</summary>
        public static void SendStartup(uint apicId, uint page) => Send(apicId, LevelAssert | (6u << 8) | page);

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]     // a doorbell between kernels: one per message
        private static void Send(uint apicId, uint command)
        {
            while ((Read(InterruptCommandLow) & DeliveryPending) != 0) Processor.Relax();
            Write(InterruptCommandHigh, apicId << 24);
            Write(InterruptCommandLow, command);
        }

        private static uint Read(ulong register) => Mmio.Read32(s_base + register);

        private static void Write(ulong register, uint value) => Mmio.Write32(s_base + register, value);
    }
}
