// The machine page: one page of the coordinator's memory that every kernel of a machine maps, for what must work
// before and without links: each kernel's state and exit code (a satellite reports its exit or panic here and halts;
// the coordinator reads them to decide the machine's exit status), its heartbeat, what its collector has done (so
// that a test can see that one kernel's collections leave another's heap alone), and the console's line lock (one
// console, lines never interleaved). Only offsets and codes here; the kernel does the atomic accesses (MachineStatus).
namespace Helios.Satellite.Boot
{
    public static class MachinePage
    {
        public const int Size = 4096;

        /// <summary>"HLMACHPG", written by the coordinator before it starts any satellite.</summary>
        public const ulong Magic = 0x4750_4843_414D_4C48;

        public const int MagicOffset = 0;
        public const int KernelCountOffset = 8;

        /// <summary>0 when the console is free, else 1 + the id of the kernel writing a line.</summary>
        public const int ConsoleLockOffset = 16;

        /// <summary>Set by the coordinator when the machine is to stop: idle satellites exit.</summary>
        public const int ShutdownOffset = 20;

        // One 64-byte slot per kernel (its own cache line), after the header's line.
        public const int SlotsOffset = 64;
        public const int SlotSize = 64;
        public const int MaxKernels = (Size - SlotsOffset) / SlotSize;

        public const int StateOffset = 0;           // u32 KernelState
        public const int ExitCodeOffset = 4;        // i32, once Exited
        public const int HeartbeatOffset = 8;       // u64, counted up by the kernel's tick
        public const int OnlineCounterOffset = 16;  // u64, the counter when the kernel came online
        public const int CollectionsOffset = 24;    // u64, the kernel's heap collections so far
        public const int HeapBytesOffset = 32;      // u64, the kernel's heap capacity after its last collection
        public const int DoorbellOffset = 40;       // u64, how to interrupt the kernel (Platform.DoorbellTarget) + 1; 0 unset
        public const int HungAtOffset = 48;         // u64, the counter when the kernel hung on purpose (containment's tests and benchmark); 0 never

        public static int Slot(int kernel) => SlotsOffset + kernel * SlotSize;
    }

    /// <summary>A kernel's life as the machine page records it; the order matters (a later state is further on).</summary>
    public enum KernelState : uint
    {
        Absent = 0,
        Starting = 1,
        Online = 2,
        Exited = 3,
        Panicked = 4,
        /// <summary>Declared dead by the coordinator: it never came online, or stopped answering.</summary>
        Dead = 5,
    }
}
