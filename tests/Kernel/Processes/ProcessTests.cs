// Processes in the kernel: an app from the boot bundle runs with its arguments and exit code; every kind of fault in a
// process kills that process only; and every frame a process held comes back when it ends, however it ends.
using System;
using System.Collections.Generic;
using Helios.Kernel.Memory;
using Helios.Kernel.Processes;
using Helios.Testing;
using Internal.Runtime;

namespace Helios.Kernel.Tests.Processes
{
    internal static class ProcessTests
    {
        // Each way the crash app dies, and what the kernel must say about it.
        private static readonly string[][] Crashes =
        {
            new[] { "null", "unhandled exception: System.NullReferenceException" },
            new[] { "index", "unhandled exception: System.IndexOutOfRangeException" },
            new[] { "cast", "unhandled exception: System.InvalidCastException" },
            new[] { "stack", "stack overflow" },
            new[] { "divide", "unhandled exception: System.DivideByZeroException" },
            new[] { "overflow", "unhandled exception: System.OverflowException" },
            new[] { "failfast", "fail fast: the crash app gave up" },
            new[] { "oom", "fail fast: Out of memory" },
            new[] { "throw", "unhandled exception: System.InvalidOperationException: nobody catches this" },
        };

        [Test]
        public static void HelloRunsWithItsArgumentsAndReturnsItsExitCode()
        {
            Process hello = Apps.Create("hello", new[] { "one", "two words" });
            Assert.Equal(ProcessState.Created, hello.State);
            hello.Start();
            Assert.Equal(2, hello.Wait());
            Assert.Equal(ProcessState.Exited, hello.State);
            Assert.Null(hello.KillReason);
        }

        [Test]
        public static void EveryFaultKillsOnlyItsProcess()
        {
            foreach (string[] crash in Crashes)
            {
                Process process = Apps.Create("crash", new[] { crash[0] });
                process.Start();
                Assert.Equal(-1, process.Wait());
                Assert.Equal(ProcessState.Killed, process.State);
                Assert.True(process.KillReason.Contains(crash[1]), crash[0] + ": " + process.KillReason);
            }
            // The kernel goes on, and so do processes.
            Process hello = Apps.Create("hello", new string[0]);
            hello.Start();
            Assert.Equal(0, hello.Wait());
        }

        [Test]
        public static void AFaultCaughtInsideTheProcessIsJustAnException()
        {
            Process process = Apps.Create("crash", new[] { "caught" });
            process.Start();
            Assert.Equal(0, process.Wait());
            Assert.Equal(ProcessState.Exited, process.State);
        }

        [Test]
        public static void ProcessesCrashSideBySideWithoutHarmingEachOther()
        {
            var processes = new List<Process>();
            foreach (string[] crash in Crashes) processes.Add(Apps.Create("crash", new[] { crash[0] }));
            Process hello = Apps.Create("hello", new[] { "still", "here" });
            processes.Add(hello);
            foreach (Process process in processes) process.Start();
            foreach (Process process in processes) process.Wait();
            for (int i = 0; i < Crashes.Length; i++) Assert.Equal(ProcessState.Killed, processes[i].State);
            Assert.Equal(ProcessState.Exited, hello.State);
            Assert.Equal(2, hello.ExitCode);
        }

        [Test]
        public static void KillEndsAProcessThatNeverStopsByItself()
        {
            Process spinner = Apps.Create("crash", new[] { "spin" });
            spinner.Start();
            Helios.Kernel.Threading.Thread.Sleep(20_000_000);
            Assert.Equal(ProcessState.Running, spinner.State);
            spinner.Kill("killed by the test");
            Assert.Equal(-1, spinner.Wait());
            Assert.Equal(ProcessState.Killed, spinner.State);
            Assert.Equal("killed by the test", spinner.KillReason);

            Process unstarted = Apps.Create("hello");
            unstarted.Kill();
            Assert.Equal(ProcessState.Killed, unstarted.State);
        }

        // The churn app (tests/Apps/Churn) allocates 200 MiB in short-lived objects, 100 times its 2 MiB heap limit,
        // while keeping a linked structure alive, and checks the structure at the end: its collector must run.
        [Test]
        public static void AnAllocationHeavyProcessLivesWithinItsHeapLimit()
        {
            Process churn = Apps.Create("churn", new[] { "200" });
            Assert.Equal(2UL << 20, churn.HeapLimit);
            churn.Start();
            Assert.Equal(0, churn.Wait());
            Assert.Equal(ProcessState.Exited, churn.State);
        }

        [Test]
        public static void AnAppThatIsNotInTheBundleIsAClearError()
        {
            var e = Assert.Throws<ProcessImageException>(() => Apps.Create("no-such-app"));
            Assert.True(e.Message.Contains("no-such-app: no such app in the boot bundle"), e.Message);
        }

        // 1,000 crash-and-restart cycles (each fault kind in turn): after a collection of the kernel's heap, the frames
        // free are exactly those free before.
        [Test]
        public static void CrashRestartCyclesGiveBackEveryFrame()
        {
            const int cycles = 1000;
            RunCrash(0);                                    // warm: the kernel's first-use allocations
            Settle();
            ulong freeBefore = Frames.FreeFrames;
            ulong heapBefore = Heap.CapacityBytes;
            for (int i = 0; i < cycles; i++) RunCrash(i);
            Settle();
            ulong heapGrowthFrames = (Heap.CapacityBytes - heapBefore + FrameAllocator.FrameSize - 1) / FrameAllocator.FrameSize;
            Diagnostics.KernelConsole.WriteLine("  " + cycles.ToString() + " cycles: " + freeBefore.ToString() + " frames free before, "
                + Frames.FreeFrames.ToString() + " after; the kernel heap grew by " + heapGrowthFrames.ToString() + " frames");
            Assert.Equal(0UL, heapGrowthFrames);
            Assert.Equal(freeBefore, Frames.FreeFrames);
        }

        // A process's thread is freed by the next thread its CPU runs, which may be a moment after Wait returns on
        // another CPU; then pooled stacks go back to the frame allocator, and the kernel's garbage (process objects,
        // strings) is collected.
        private static void Settle()
        {
            Helios.Kernel.Threading.Thread.Sleep(10_000_000);
            KernelStacks.Trim();
            GC.Collect();
        }

        private static void RunCrash(int cycle)
        {
            string[] crash = Crashes[cycle % Crashes.Length];
            Process process = Apps.Create("crash", new[] { crash[0] });
            process.Start();
            process.Wait();
            Assert.Equal(ProcessState.Killed, process.State);
        }
    }
}
