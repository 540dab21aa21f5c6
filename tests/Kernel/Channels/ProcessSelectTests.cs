// Select in a process (tests/Apps/Selector): a process waits on a ping-pong channel and a pipe at once through
// helios_channel_select, with the same case semantics as on a kernel thread — messages on either channel, either
// closing, the order of cases, AnyCase, timeouts — and every select that is the process's own error (a handle it
// does not hold, the wrong contract or side, too many cases, a message or closing no case takes) kills that process
// alone with the exception a kernel thread would get, leaving the kernel's endpoints as they were.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Processes;
using Helios.Testing;

namespace Helios.Kernel.Tests.Channels
{
    internal static class ProcessSelectTests
    {
        private sealed class Run
        {
            public Process Process;
            public PingPongContract.Imp Ping;
            public PipeContract.Imp Pipe;
        }

        // A selector process holding a ping-pong exporter (endpoint 0) and a pipe reader (endpoint 1); not started.
        private static Run Create(params string[] arguments)
        {
            PingPongContract.NewChannel(out PingPongContract.Imp ping, out PingPongContract.Exp pingServer);
            PipeContract.NewChannel(out PipeContract.Imp pipe, out PipeContract.Exp pipeReader);
            Process process = Apps.Create("selector", arguments);
            Assert.Equal(0, process.GiveEndpoint(pingServer.Handle));
            Assert.Equal(1, process.GiveEndpoint(pipeReader.Handle));
            return new Run { Process = process, Ping = ping, Pipe = pipe };
        }

        // A Write of count bytes, the writes-th on this pipe (the selector checks byte i is i + writes), and its return.
        private static void WriteAndTakeBack(PipeContract.Imp pipe, int writes, int count, bool takeBack = true)
        {
            ExArray<byte> data = ExArray<byte>.Allocate(count);
            for (int i = 0; i < count; i++) data[i] = (byte)(i + writes);
            pipe.SendWrite(data, count);
            if (takeBack) TakeBack(pipe);
        }

        private static void TakeBack(PipeContract.Imp pipe)
        {
            pipe.ReceiveWritten(out ExArray<byte> back);
            back.Free();
        }

        [Test]
        public static void AProcessSelectsMessagesOnEitherChannelUntilBothAreDone()
        {
            var baseline = HeapBaseline.Take();
            Run run = Create("serve");
            run.Process.Start();
            int writes = 0;
            for (int i = 0; i < 300; i++)
            {
                // Both channels have a message in flight at once; then one channel alone, each in turn.
                run.Ping.SendPing(i);
                WriteAndTakeBack(run.Pipe, writes++, 1 + i % 64, takeBack: false);
                run.Ping.ReceivePong(out int answer);
                Assert.Equal(i + 1, answer);
                TakeBack(run.Pipe);
                if (i % 3 == 0) WriteAndTakeBack(run.Pipe, writes++, 16);
                if (i % 5 == 0)
                {
                    run.Ping.SendPing(-i);
                    run.Ping.ReceivePong(out answer);
                    Assert.Equal(1 - i, answer);
                }
            }
            run.Pipe.SendClose();                   // the pipe ends by its protocol; the ping channel goes on alone
            for (int i = 0; i < 100; i++)
            {
                run.Ping.SendPing(i);
                run.Ping.ReceivePong(out int answer);
                Assert.Equal(i + 1, answer);
            }
            run.Ping.Close();                       // the selector's ClosedCase for it: it ends
            Assert.Equal(0, run.Process.Wait());
            Assert.True(run.Process.KillReason is null, run.Process.KillReason);
            Assert.True(run.Pipe.IsClosed);
            run.Pipe.Close();
            baseline.AssertRestored();
        }

        [Test]
        public static void EitherChannelClosingIsACaseOfTheSelect()
        {
            var baseline = HeapBaseline.Take();
            Run run = Create("serve");
            run.Process.Start();
            run.Ping.SendPing(1);
            run.Ping.ReceivePong(out int answer);
            Assert.Equal(2, answer);
            run.Ping.Close();                       // closed first: the pipe goes on
            for (int i = 0; i < 50; i++) WriteAndTakeBack(run.Pipe, i, 100);
            run.Pipe.Close();                       // closed without its Close message: the pipe's ClosedCase
            Assert.Equal(0, run.Process.Wait());
            baseline.AssertHandlesRestored();
        }

        [Test]
        public static void TheFirstReadyCaseInTheOrderAddedWins()
        {
            var baseline = HeapBaseline.Take();
            Run run = Create("order");
            run.Ping.SendPing(7);                   // both queued before the process looks
            WriteAndTakeBack(run.Pipe, 0, 4, takeBack: false);
            run.Process.Start();
            Assert.Equal(0, run.Process.Wait());
            run.Ping.ReceivePong(out int answer);
            Assert.Equal(8, answer);
            TakeBack(run.Pipe);
            run.Ping.Close();
            run.Pipe.Close();
            baseline.AssertHandlesRestored();
        }

        [Test]
        public static void ASelectInAProcessTimesOut()
        {
            var baseline = HeapBaseline.Take();
            Run run = Create("timeout");
            run.Process.Start();
            Assert.Equal(0, run.Process.Wait());
            Assert.True(run.Ping.IsClosed);         // the process's ends went with it
            run.Ping.Close();
            run.Pipe.Close();
            baseline.AssertHandlesRestored();
        }

        // Runs a selector whose select is its own error: it dies of expected (an exception type name and a part of
        // its message); the kernel's ends see their channels closed and nothing leaks.
        private static void Faults(string expected, string fragment, Run run)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            run.Process.Start();
            Assert.Equal(-1, run.Process.Wait());
            Assert.Equal(ProcessState.Killed, run.Process.State);
            Assert.True(run.Process.KillReason.Contains(expected) && run.Process.KillReason.Contains(fragment), run.Process.KillReason);
            if (heap.IsLive(run.Ping.Handle))       // unless the test closed it already
            {
                Assert.True(run.Ping.IsClosed);
                run.Ping.Close();
            }
            Assert.True(run.Pipe.IsClosed);
            run.Pipe.Close();
        }

        [Test]
        public static void ASelectOnAHandleTheProcessDoesNotHoldKillsItAlone()
        {
            var baseline = HeapBaseline.Take();
            PingPongContract.NewChannel(out PingPongContract.Imp victimClient, out PingPongContract.Exp victim);   // the kernel's
            Run run = Create("forged", victim.Handle.ToString());
            run.Ping.SendPing(1);                   // the first case is ready: the forged second one is still refused
            Faults("UseAfterSendException", "is not held by selector", run);
            victimClient.SendPing(5);               // the kernel's endpoint is untouched
            victim.ReceivePing(out int data);
            Assert.Equal(5, data);
            victimClient.Close();
            victim.Close();
            baseline.AssertRestored();
        }

        [Test]
        public static void ASelectCaseOfTheWrongContractOrSideKillsTheProcess()
        {
            var baseline = HeapBaseline.Take();
            Faults("ChannelException", "names a PingPongContract exporter, not a PipeContract exporter", Create("wrongcontract"));
            Faults("ChannelException", "not a PingPongContract importer", Create("wrongside"));
            baseline.AssertHandlesRestored();
        }

        [Test]
        public static void ASelectWithTooManyCasesKillsTheProcess()
        {
            var baseline = HeapBaseline.Take();
            Faults("ChannelException", "at most " + Select.MaxProcessCases.ToString() + " cases", Create("toomany"));
            baseline.AssertHandlesRestored();
        }

        [Test]
        public static void WhatNoCaseTakesKillsTheProcess()
        {
            var baseline = HeapBaseline.Take();
            Run closed = Create("unhandledclose");
            closed.Ping.Close();
            Faults("ChannelClosedException", "no case of the select takes that", closed);
            Run unexpected = Create("unexpected");
            WriteAndTakeBack(unexpected.Pipe, 0, 8, takeBack: false);
            Faults("UnexpectedMessageException", "no case of the select takes its next message, Write", unexpected);
            baseline.AssertHandlesRestored();
        }
    }
}
