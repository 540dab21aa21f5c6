// Device and timer interrupts and IPIs, by number (x86_64: the IDT vector; arm64: the GIC interrupt id): the ISA's
// trap code acknowledges the controller and calls Dispatch, which runs the registered handler with interrupts
// masked, on the interrupted thread's stack. Handlers must be short and must not block or allocate.
using Helios.Kernel.Threading;

namespace Helios.Kernel.Interrupts
{
    public static unsafe class InterruptDispatcher
    {
        public const int MaxInterrupts = 1024;

        private static readonly nint[] s_handlers = new nint[MaxInterrupts];
        private static ulong s_unexpected;

        /// <summary>Interrupts that arrived with no handler (counted, not fatal: a stray device interrupt).</summary>
        public static ulong Unexpected => s_unexpected;

        public static void Register(int interrupt, delegate*<int, void> handler) => s_handlers[interrupt] = (nint)handler;

        /// <summary>The interrupt has no handler again: if it still arrives it is counted as Unexpected.</summary>
        public static void Unregister(int interrupt) => s_handlers[interrupt] = 0;

        /// <summary>Runs the handler of interrupt; the caller acknowledges the controller afterwards.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static void Dispatch(int interrupt)
        {
            nint handler = (uint)interrupt < MaxInterrupts ? s_handlers[interrupt] : 0;
            if (handler == 0) s_unexpected++;
            else ((delegate*<int, void>)handler)(interrupt);
        }

        /// <summary>
        /// After the controller is acknowledged, still masked: a process that was asked to die and was interrupted in
        /// its own code (so the kernel holds nothing on its behalf) dies here; else a tick may have asked for a switch.
        /// </summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static void Finish(ulong interruptedIp)
        {
            Processes.Process.DieIfKilled(interruptedIp);
            Scheduler.PreemptIfNeeded();
        }
    }
}
