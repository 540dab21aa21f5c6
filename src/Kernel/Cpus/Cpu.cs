// One processor of this kernel: its identity, its per-CPU block, the thread it runs, its run queue and timers.
// Cpu.Current is found through the per-CPU block, never through thread-local storage.
using System.Runtime.CompilerServices;
using Helios.Kernel.Memory;
using Helios.Kernel.Threading;

namespace Helios.Kernel.Cpus
{
    public sealed unsafe class Cpu
    {
        private static Cpu[] s_all = new Cpu[0];

        internal Cpu(int index, ulong hardwareId, int domain)
        {
            Index = index;
            HardwareId = hardwareId;
            Domain = domain;
        }

        /// <summary>Every CPU this kernel was given, by index (0 is the boot CPU).</summary>
        public static Cpu[] All => s_all;

        public static int Count => s_all.Length;

        public static Cpu Current
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]      // asked on every switch, wake and kernel call
            get
            {
                nint address = CpuBlock.Current()->Cpu;
                return Unsafe.As<nint, Cpu>(ref address);
            }
        }

        public int Index { get; }

        /// <summary>x86_64: local APIC id; arm64: MPIDR affinity.</summary>
        public ulong HardwareId { get; }

        public int Domain { get; }

        /// <summary>Whether the CPU has come up and schedules threads.</summary>
        public bool Online
        {
            get => System.Threading.Volatile.Read(ref OnlineFlag);
            internal set => System.Threading.Volatile.Write(ref OnlineFlag, value);
        }

        internal bool OnlineFlag;

        public Thread CurrentThread { get; internal set; }

        /// <summary>Context switches this CPU has made.</summary>
        public ulong Switches { get; internal set; }

        /// <summary>Timer interrupts this CPU has taken.</summary>
        public ulong Ticks { get; internal set; }

        internal Thread IdleThread;
        internal CpuBlock* Block;
        internal SpinLock Lock;             // the run queue, the timer queue and the threads' scheduling state
        internal RunQueue RunQueue;
        internal TimerQueue Timers;
        internal Thread DeadThread;         // exited on this CPU; its stack is freed by the next thread to run
        internal bool IsIdle;               // in WaitForInterrupt with an empty run queue: wake with an IPI
        internal bool NeedsReschedule;
        internal bool CrossCallPending;     // CrossCall has a request for this CPU
        internal int StopPending;           // WorldStop asks this CPU to stop (1); taken atomically, once
        internal ulong StoppedStackPointer; // while stopped: below everything the interrupted thread had on its stack
        internal ulong TicksOnCurrent;
        internal int Load;                  // 64 × per mille busy, a moving average over ticks (Scheduler.LoadPerMille)
        internal ulong SwitchedAt;          // when CurrentThread got the CPU (Processor.ReadCounter)

        internal static void Create(Cpu[] cpus) => s_all = cpus;

        /// <summary>Where traps run when a thread's stack is exhausted (x86_64: IST1; arm64: Vectors.S).</summary>
        internal KernelStack EmergencyStack;

        /// <summary>Creates this CPU's block and emergency stack and points the hardware register at the block.</summary>
        internal void Install()
        {
            if (Block == null)
            {
                ulong frame = Frames.Allocate(1, Domain);
                if (frame == 0) throw new System.OutOfMemoryException("no frame for a per-CPU block");
                Block = (CpuBlock*)frame;
                Block->Self = Block;
                Cpu self = this;
                Block->Cpu = Unsafe.As<Cpu, nint>(ref self);
                CpuBlock.SetCurrent(Block);     // first: what follows may ask which thread runs (Current)
                EmergencyStack = KernelStacks.Allocate(EmergencyStackSize, Domain);
                Block->EmergencyStackTop = EmergencyStack.Top;
            }
            CpuBlock.SetCurrent(Block);
        }

        private const ulong EmergencyStackSize = 32 * 1024;
    }
}
