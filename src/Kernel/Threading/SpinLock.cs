// The lowest lock: spin until the word is ours. AcquireIrqSave also masks interrupts on this CPU for as long as the
// lock is held, so an interrupt handler that takes the same lock cannot deadlock against the code it interrupted;
// scheduler and wait-object locks are taken that way. Never held across a context switch except by the scheduler.
using System.Threading;
using Helios.Kernel.Arch;

namespace Helios.Kernel.Threading
{
    public struct SpinLock
    {
        private int _held;

        public void Acquire()
        {
            while (Interlocked.CompareExchange(ref _held, 1, 0) != 0)
                while (Volatile.Read(ref _held) != 0) Processor.Relax();
        }

        public bool TryAcquire() => Interlocked.CompareExchange(ref _held, 1, 0) == 0;

        public void Release() => Volatile.Write(ref _held, 0);

        public nuint AcquireIrqSave()
        {
            nuint state = Processor.DisableInterrupts();
            Acquire();
            return state;
        }

        public void ReleaseIrqRestore(nuint state)
        {
            Release();
            Processor.RestoreInterrupts(state);
        }

        public bool IsHeld => Volatile.Read(ref _held) != 0;
    }
}
