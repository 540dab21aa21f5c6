// A kernel thread: its own stack (with a guard page below), a body to run, and the scheduling and waiting state
// the scheduler and the wait dispatcher keep in it, so that neither allocates. A thread is also a wait object,
// signalled when it exits: Join waits on it.
using System;
using System.Runtime;
using System.Runtime.CompilerServices;
using Helios.Kernel.Arch;
using Helios.Kernel.Cpus;
using Helios.Kernel.Memory;
using Helios.Kernel.Time;

namespace Helios.Kernel.Threading
{
    public sealed unsafe class Thread : WaitObject
    {
        public const int AnyCpu = -1;

        private static int s_nextId;

        private readonly Action _body;
        internal ulong SavedStackPointer;
        internal KernelStack Stack;

        // Scheduling (the CPU's lock).
        internal Thread NextInQueue;
        internal bool WakePending;          // woken before it could block: its next Block returns at once
        internal ulong Deadline;
        internal Thread NextTimer;
        internal bool TimerArmed;
        internal Cpu TimerCpu;              // whose timer queue holds it

        // Waiting (the wait dispatcher's lock).
        internal WaitBlock[] WaitBlocks;
        internal int WaitBlockCount;
        internal int WaitResult;
        internal ulong WaitAddress;         // AddressWaits: the word this thread sleeps on
        internal bool AddressWoken;

        // ThreadRegistry (its lock): every thread with a stack.
        internal Thread NextLive;
        internal Thread PreviousLive;
        internal bool Registered;

        public Thread(Action body, string name = null, int affinity = AnyCpu, ulong stackSize = KernelStacks.DefaultSize)
        {
            _body = body ?? throw new ArgumentNullException(nameof(body));
            Id = System.Threading.Interlocked.Increment(ref s_nextId);
            Name = name ?? "thread " + Id.ToString();
            if (affinity != AnyCpu && (uint)affinity >= (uint)Cpu.Count) throw new ArgumentOutOfRangeException(nameof(affinity));
            Affinity = affinity;
            StackSize = stackSize;
        }

        // A thread that is already running on a stack it did not get from KernelStacks (a CPU's first thread).
        private Thread(string name, KernelStack stack)
        {
            Id = System.Threading.Interlocked.Increment(ref s_nextId);
            Name = name;
            Stack = stack;
            State = ThreadState.Running;
            ThreadRegistry.Add(this);
        }

        public int Id { get; }

        /// <summary>Who holds what the thread allocates in the exchange heap and sends (null: the kernel's owner).</summary>
        public Helios.Channels.ExOwner ChannelOwner { get; set; }

        /// <summary>How a channel receive parks this thread (KernelChannelHost.CurrentParking), made on first use.</summary>
        internal Helios.Channels.Parking ChannelParking;

        public string Name { get; }

        /// <summary>The process whose code the thread runs, or null for a kernel thread.</summary>
        public Processes.Process Process { get; internal set; }

        public ThreadState State { get; internal set; }

        /// <summary>The CPU the thread runs on, or may run on (-1: any).</summary>
        public int Affinity { get; }

        public ulong StackSize { get; }

        /// <summary>Time the thread has spent on a CPU, in nanoseconds (accounted when it is switched out).</summary>
        public ulong RunTime => Clock.CountsToNanoseconds(RunCounts);

        internal ulong RunCounts;           // in counter units: the switch does not convert

        /// <summary>The CPU the thread last ran on, or whose run queue holds it.</summary>
        public Cpu Cpu { get; internal set; }

        public static Thread Current
        {
            [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
            get => Cpu.Current.CurrentThread;
        }

        /// <summary>Allocates the stack and makes the thread runnable.</summary>
        public void Start()
        {
            if (State != ThreadState.Created) throw new InvalidOperationException("thread " + Name + " was already started");
            int domain = Affinity == AnyCpu ? Cpu.Current.Domain : Cpu.All[Affinity].Domain;
            Stack = KernelStacks.Allocate(StackSize, domain);
            SavedStackPointer = Platform.Current.PrepareThreadStack(Stack.Top, AddressOf(this));
            ThreadRegistry.Add(this);
            Scheduler.MakeReady(this);
        }

        /// <summary>Waits for the thread to exit; false on timeout.</summary>
        public bool Join(long timeoutNanoseconds = WaitDispatcher.Infinite)
            => WaitDispatcher.WaitOne(this, timeoutNanoseconds) != WaitDispatcher.TimedOut;

        public static void Yield() => Scheduler.Yield();

        /// <summary>Sleeps at least the given time (the tick decides how much more).</summary>
        public static void Sleep(long nanoseconds) => WaitDispatcher.Sleep(nanoseconds);

        internal override bool CanAcquire(Thread waiter) => State == ThreadState.Exited;

        internal override void Acquire(Thread waiter) { }

        internal static Thread ForRunningStack(string name, KernelStack stack) => new Thread(name, stack);

        /// <summary>A CPU's idle thread: ready to be switched to, never queued.</summary>
        internal static Thread CreateIdle(Cpu cpu)
        {
            var idle = new Thread(Scheduler.IdleLoop, "idle " + cpu.Index.ToString(), cpu.Index, 16 * 1024);
            idle.Stack = KernelStacks.Allocate(idle.StackSize, cpu.Domain);
            idle.SavedStackPointer = Platform.Current.PrepareThreadStack(idle.Stack.Top, AddressOf(idle));
            idle.Cpu = cpu;
            idle.State = ThreadState.Ready;
            ThreadRegistry.Add(idle);
            return idle;
        }

        internal ulong StackLimit => Stack.Limit;

        // The first code a new thread runs, called by the ISA's trampoline (Arch/*/Context.S) with the Thread.
        [RuntimeExport("helios_thread_main")]
        private static void Main(nint address)
        {
            Thread thread = Unsafe.As<nint, Thread>(ref address);
            Scheduler.FinishSwitch();
            Processor.EnableInterrupts();
            thread._body();
            Scheduler.Exit();
        }

        private static nint AddressOf(Thread thread) => Unsafe.As<Thread, nint>(ref thread);
    }
}
