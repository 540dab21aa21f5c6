// Runs static constructors on first use. ilc calls these two helpers (its contract, by name) before touching the
// statics of a type whose constructor it could not run at compile time.
using System.Threading;
using Internal.Runtime;

namespace System.Runtime.CompilerServices
{
    internal static unsafe class ClassConstructorRunner
    {
        private static object CheckStaticClassConstructionReturnGCStaticBase(StaticClassConstructionContext* context, object gcStaticBase)
        {
            CheckStaticClassConstruction(context);
            return gcStaticBase;
        }

        private static nint CheckStaticClassConstructionReturnNonGCStaticBase(StaticClassConstructionContext* context, nint nonGcStaticBase)
        {
            CheckStaticClassConstruction(context);
            return nonGcStaticBase;
        }

        // The context's one word is the constructor's address while it has not run, that address | 1 while a thread
        // runs it, and 0 once it has. The thread that claims it runs it; a thread that finds it running waits,
        // unless it is the one running it: a constructor that touches its own statics sees them as the BCL does
        // (not yet initialised) instead of recursing. A constructor that throws counts as run.
        private static void CheckStaticClassConstruction(StaticClassConstructionContext* context)
        {
            while (true)
            {
                nint state = Volatile.Read(ref context->cctorMethodAddress);
                if (state == 0) return;
                if ((state & Running) == 0)
                {
                    if (Interlocked.CompareExchange(ref context->cctorMethodAddress, state | Running, state) != state) continue;
                    Run(context, state);
                    return;
                }
                if (IsRunningOnThisThread(context)) return;
                RuntimeHost.Yield();
            }
        }

        private const nint Running = 1;
        private const int MaxNested = 16;

        // No arrays: this class must not need a static constructor of its own.
        private struct RunningTable
        {
            public fixed long Contexts[MaxNested];
            public fixed int Threads[MaxNested];
        }

        private static RunningTable s_running;
        private static int s_lock;

        private static void Run(StaticClassConstructionContext* context, nint cctor)
        {
            int slot = Remember(context);
            try
            {
                ((delegate*<void>)cctor)();
            }
            finally
            {
                Volatile.Write(ref context->cctorMethodAddress, 0);
                if (slot >= 0) Forget(slot);
            }
        }

        // Which thread runs which constructor: a small table, as constructors rarely nest deeply.
        private static int Remember(StaticClassConstructionContext* context)
        {
            int thread = RuntimeHost.CurrentThreadId();
            nuint state = Lock();
            int slot = -1;
            for (int i = 0; i < MaxNested && slot < 0; i++)
                if (s_running.Contexts[i] == 0) slot = i;
            if (slot >= 0)
            {
                s_running.Contexts[slot] = (long)context;
                s_running.Threads[slot] = thread;
            }
            Unlock(state);
            return slot;
        }

        private static void Forget(int slot)
        {
            nuint state = Lock();
            s_running.Contexts[slot] = 0;
            Unlock(state);
        }

        private static bool IsRunningOnThisThread(StaticClassConstructionContext* context)
        {
            int thread = RuntimeHost.CurrentThreadId();
            nuint state = Lock();
            bool mine = false;
            for (int i = 0; i < MaxNested; i++)
                if (s_running.Contexts[i] == (long)context && s_running.Threads[i] == thread) mine = true;
            Unlock(state);
            return mine;
        }

        // The table's lock, held with interrupts masked (RuntimeHost.EnterCritical): an interrupt handler that meets a
        // type's first use would otherwise spin forever on the lock the code it interrupted holds, and so would a
        // thread that preempted the holder with interrupts masked. Seen: about one arm64 boot in thirty under host load
        // hung silently, its tick (whose handler runs constructors on first use) arriving inside Remember.
        private static nuint Lock()
        {
            nuint state = RuntimeHost.EnterCritical();
            while (Interlocked.CompareExchange(ref s_lock, 1, 0) != 0) { }
            return state;
        }

        private static void Unlock(nuint state)
        {
            Volatile.Write(ref s_lock, 0);
            RuntimeHost.LeaveCritical(state);
        }
    }

    internal struct StaticClassConstructionContext
    {
        public nint cctorMethodAddress;
    }
}
