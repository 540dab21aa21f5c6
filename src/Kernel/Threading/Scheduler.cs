// Round-robin scheduling on every CPU, each with its own run queue and lock. A thread runs until it yields, blocks,
// exits or uses up its quantum (the timer tick preempts it); an idle CPU first steals a runnable thread from another
// CPU, then halts until an interrupt (a tick, or an IPI from a CPU that made a thread runnable for it).
// Switching: the CPU's lock is held across the switch and released by the thread switched to (FinishSwitch), so a
// thread is never seen half-switched. This is the one file where threads change CPU.
using System;
using System.Runtime;
using System.Runtime.CompilerServices;
using Helios.Kernel.Arch;
using Helios.Kernel.Cpus;
using Helios.Kernel.Memory;
using Helios.Kernel.Time;

namespace Helios.Kernel.Threading
{
    public static unsafe class Scheduler
    {
        /// <summary>Ticks a thread may run while others wait.</summary>
        public static ulong QuantumTicks { get; set; } = 4;

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_switch_context")]
        private static extern void SwitchContext(ulong* saveStackPointer, ulong newStackPointer);

        /// <summary>Gives the CPU to the next runnable thread, if there is one; the caller stays runnable.</summary>
        public static void Yield()
        {
            nuint state = Processor.DisableInterrupts();
            Cpu cpu = Cpu.Current;
            cpu.Lock.Acquire();
            Thread next = cpu.RunQueue.Dequeue();
            if (next is null)
            {
                cpu.Lock.Release();
                Processor.RestoreInterrupts(state);
                return;
            }
            Thread current = cpu.CurrentThread;
            if (current != cpu.IdleThread && current.State != ThreadState.Blocked)     // one halting in place stays blocked
            {
                current.State = ThreadState.Ready;
                cpu.RunQueue.Enqueue(current);
            }
            SwitchTo(cpu, current, next);
            Processor.RestoreInterrupts(state);
        }

        /// <summary>Makes a new or blocked thread runnable on a CPU it may run on, waking that CPU if it idles.</summary>
        internal static void MakeReady(Thread thread)
        {
            nuint state = Processor.DisableInterrupts();
            Cpu cpu = PlaceNew(thread);
            cpu.Lock.Acquire();
            thread.Cpu = cpu;
            thread.State = ThreadState.Ready;
            cpu.RunQueue.Enqueue(thread);
            bool wake = cpu.IsIdle;
            cpu.Lock.Release();
            if (wake) Kick(cpu);
            Processor.RestoreInterrupts(state);
        }

        /// <summary>Ends a wait: a blocked thread becomes runnable; one still on its way to blocking will not block.</summary>
        internal static void Wake(Thread thread)
        {
            nuint state = Processor.DisableInterrupts();
            // The thread's CPU, under its lock: a thread changes CPU only under the new CPU's lock, so one read
            // before locking may be stale (it moved on), and queueing it there would run it on two CPUs at once.
            Cpu cpu = thread.Cpu;
            cpu.Lock.Acquire();
            while (thread.Cpu != cpu)
            {
                cpu.Lock.Release();
                cpu = thread.Cpu;
                cpu.Lock.Acquire();
            }
            bool wake = false;
            if (thread.State == ThreadState.Blocked && cpu.CurrentThread == thread)
            {
                // Blocked and still its CPU's thread: it halts in place (HaltBlocked) and goes on where it is.
                thread.State = ThreadState.Running;
                wake = cpu.IsIdle;
            }
            else if (thread.State == ThreadState.Blocked)
            {
                thread.State = ThreadState.Ready;
                cpu.RunQueue.Enqueue(thread);
                wake = cpu.IsIdle;
            }
            else
            {
                thread.WakePending = true;
            }
            cpu.Lock.Release();
            if (wake) Kick(cpu);
            Processor.RestoreInterrupts(state);
        }

        /// <summary>The current thread stops running until Wake (returns at once if Wake came first).</summary>
        internal static void Block()
        {
            nuint state = Processor.DisableInterrupts();
            Cpu cpu = Cpu.Current;
            cpu.Lock.Acquire();
            Thread current = cpu.CurrentThread;
            if (current.WakePending)
            {
                current.WakePending = false;
                cpu.Lock.Release();
                Processor.RestoreInterrupts(state);
                return;
            }
            current.State = ThreadState.Blocked;
            Thread next = cpu.RunQueue.Dequeue() ?? TrySteal(cpu);
            if (next is not null) SwitchTo(cpu, current, next);
            else HaltBlocked(cpu, current);
            Processor.RestoreInterrupts(state);
        }

        // Block with nothing else to run: the CPU halts in the blocked thread itself, as the idle thread would, instead
        // of switching to the idle thread and back. A wake-up then costs no switch at all: the interrupt that wakes it
        // (a channel between kernels: the doorbell's handler delivering its message, docs/channels.md) returns into
        // this loop, and the thread goes on (Wake marks it running in place, never queues it). Anything else made
        // runnable here meanwhile is switched to as Block would; the thread stays blocked until woken. Halted time is
        // nobody's (not counted as the thread's run time, nor as load: IsIdle). Block found nothing to run just now,
        // under the lock it still holds: the first look for another thread comes after the first halt.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]     // Block's own path, kept apart for reading
        private static void HaltBlocked(Cpu cpu, Thread current)
        {
            current.RunCounts += Processor.ReadCounter() - cpu.SwitchedAt;
            while (true)
            {
                cpu.IsIdle = true;
                cpu.Lock.Release();
                Processor.WaitForInterrupt();
                cpu.IsIdle = false;
                cpu.Lock.Acquire();
                if (current.State != ThreadState.Blocked) break;
                Thread next = cpu.RunQueue.Dequeue() ?? TrySteal(cpu);
                if (next is not null)
                {
                    cpu.SwitchedAt = Processor.ReadCounter();
                    SwitchTo(cpu, current, next);           // returns once woken and switched back to, the lock released
                    return;
                }
            }
            cpu.SwitchedAt = Processor.ReadCounter();
            cpu.Lock.Release();
        }

        /// <summary>The current thread is done: it never runs again; its stack is freed by the next thread.</summary>
        internal static void Exit()
        {
            Thread current = Thread.Current;
            nuint waits = WaitDispatcher.Lock();
            current.State = ThreadState.Exited;
            WaitDispatcher.WakeWaiters(current);
            WaitDispatcher.Unlock(waits);

            Processor.DisableInterrupts();
            Cpu cpu = Cpu.Current;
            cpu.Lock.Acquire();
            current.State = ThreadState.Exited;
            cpu.DeadThread = current;
            SwitchTo(cpu, current, cpu.RunQueue.Dequeue() ?? cpu.IdleThread);
            throw new InvalidOperationException("an exited thread ran again");
        }

        /// <summary>Arms thread's timer on the current CPU (WaitDispatcher's timeouts).</summary>
        internal static void ArmTimer(Thread thread, ulong deadline)
        {
            nuint state = Processor.DisableInterrupts();
            Cpu cpu = Cpu.Current;
            cpu.Lock.Acquire();
            cpu.Timers.Add(thread, deadline);
            thread.TimerCpu = cpu;
            cpu.Lock.Release();
            Processor.RestoreInterrupts(state);
        }

        internal static void CancelTimer(Thread thread)
        {
            Cpu cpu = thread.TimerCpu;
            if (cpu is null) return;
            nuint state = Processor.DisableInterrupts();
            cpu.Lock.Acquire();
            cpu.Timers.Remove(thread);
            cpu.Lock.Release();
            Processor.RestoreInterrupts(state);
        }

        /// <summary>
        /// How busy this kernel's CPUs are, in per mille: the share of timer ticks that found a thread other than the
        /// idle one running, as a moving average over about the last 64 ticks of each CPU (what placement reads).
        /// </summary>
        public static int LoadPerMille
        {
            get
            {
                long sum = 0;
                foreach (Cpu cpu in Cpu.All) sum += cpu.Load >> 6;
                return Cpu.Count == 0 ? 0 : (int)(sum / Cpu.Count);
            }
        }

        /// <summary>The timer interrupt: time out expired waits, and ask for a switch when the quantum is used up.</summary>
        internal static void Tick()
        {
            Cpu cpu = Cpu.Current;
            ulong now = Clock.Now;
            if (cpu.Index == 0)
            {
                Multikernel.MachineStatus.Beat();           // the coordinator watches a satellite's heartbeat
                Multikernel.SatelliteWatch.OnTick();        // and the coordinator watches them (nothing to do elsewhere)
                Multikernel.KernelLinks.OnTick();           // records that came without a doorbell
            }
            cpu.Lock.Acquire();
            cpu.Ticks++;
            bool busy = cpu.CurrentThread != cpu.IdleThread && !cpu.IsIdle;      // IsIdle: halted in a blocked thread
            cpu.Load += (busy ? 1000 : 0) - (cpu.Load >> 6);
            Thread expired = cpu.Timers.TakeExpired(now);
            if (busy && ++cpu.TicksOnCurrent >= QuantumTicks && !cpu.RunQueue.IsEmpty)
                cpu.NeedsReschedule = true;
            cpu.Lock.Release();
            while (expired is not null)
            {
                Thread next = expired.NextTimer;
                expired.NextTimer = null;
                WaitDispatcher.TimeOut(expired, now);
                expired = next;
            }
        }

        /// <summary>After an interrupt handler, with interrupts masked: switch if the tick asked for it.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]     // after every interrupt: mostly nothing to do
        internal static void PreemptIfNeeded()
        {
            Cpu cpu = Cpu.Current;
            if (!cpu.NeedsReschedule) return;
            cpu.NeedsReschedule = false;
            Yield();
        }

        /// <summary>What a CPU runs when nothing else is runnable: steal work, else halt until an interrupt.</summary>
        internal static void IdleLoop()
        {
            Cpu cpu = Cpu.Current;
            while (true)
            {
                Processor.DisableInterrupts();
                cpu.Lock.Acquire();
                Thread next = cpu.RunQueue.Dequeue() ?? TrySteal(cpu);
                if (next is not null)
                {
                    SwitchTo(cpu, cpu.IdleThread, next);
                    continue;
                }
                cpu.IsIdle = true;
                cpu.Lock.Release();
                Processor.WaitForInterrupt();
                cpu.IsIdle = false;
            }
        }

        // Where a new thread goes: its CPU if it has one, else an idle CPU (so work spreads at once, not at the next
        // steal), else the creating CPU.
        private static Cpu PlaceNew(Thread thread)
        {
            if (thread.Affinity != Thread.AnyCpu) return Cpu.All[thread.Affinity];
            Cpu current = Cpu.Current;
            if (!current.IsIdle && current.RunQueue.IsEmpty && current.CurrentThread == current.IdleThread) return current;
            foreach (Cpu cpu in Cpu.All)
                if (cpu.Online && cpu.IsIdle && cpu != current) return cpu;
            return current;
        }

        // Steal, where there is another CPU (a kernel of one CPU, a numa satellite's, halts without a call).
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static Thread TrySteal(Cpu thief) => Cpu.Count > 1 ? Steal(thief) : null;

        // Takes a thread another CPU has waiting, if one may run here (never blocks: try-locks only).
        private static Thread Steal(Cpu thief)
        {
            for (int i = 1; i < Cpu.Count; i++)
            {
                Cpu victim = Cpu.All[(thief.Index + i) % Cpu.Count];
                if (!victim.Online || victim.RunQueue.IsEmpty || !victim.Lock.TryAcquire()) continue;
                Thread thread = victim.RunQueue.DequeueMovable(thief.Index);
                victim.Lock.Release();
                if (thread is not null)
                {
                    thread.Cpu = thief;
                    return thread;
                }
            }
            return null;
        }

        // With cpu's lock held and interrupts masked. Returns when current runs again, the lock released.
        private static void SwitchTo(Cpu cpu, Thread current, Thread next)
        {
            ulong now = Processor.ReadCounter();
            current.RunCounts += now - cpu.SwitchedAt;
            cpu.SwitchedAt = now;
            next.State = ThreadState.Running;
            next.Cpu = cpu;
            cpu.CurrentThread = next;
            cpu.TicksOnCurrent = 0;
            cpu.Switches++;
            cpu.Block->StackLimit = next.StackLimit;
            fixed (ulong* save = &current.SavedStackPointer)
                SwitchContext(save, next.SavedStackPointer);
            FinishSwitch();
        }

        /// <summary>The first thing a thread does once switched to: release the lock of the CPU it now runs on.</summary>
        internal static void FinishSwitch()
        {
            Cpu cpu = Cpu.Current;
            Thread dead = cpu.DeadThread;
            cpu.DeadThread = null;
            cpu.Lock.Release();
            if (dead is null) return;
            ThreadRegistry.Remove(dead);
            KernelStacks.Release(dead.Stack);
        }

        // Wakes an idle CPU (an IPI); a no-op for the current CPU, which is running this code.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]     // mostly the running CPU itself: nothing to do
        private static void Kick(Cpu cpu)
        {
            if (cpu != Cpu.Current) Platform.Current.SendWakeup(cpu);
        }
    }
}
