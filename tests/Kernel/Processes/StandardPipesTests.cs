// Standard pipes: a process's stdout and stderr read by a kernel test (in order, complete, the last bytes written
// right before the process ended included), its stdin fed by a test, two processes in a pipeline (a | b), a
// process killed while writing, and every pipe end and buffer reclaimed when a process ends: after each, the
// exchange heap's handles and bytes are back to their baseline. The processes are tests/Apps/Stdio and src/Apps/Wc.
using System;
using System.Text;
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Processes;
using Helios.Kernel.Tests.Channels;
using Helios.Testing;
using Internal.Text;
using System.Text.Unicode;

namespace Helios.Kernel.Tests.Processes
{
    internal static class StandardPipesTests
    {
        /// <summary>
        /// Everything written to the pipe until the writer closes it or ends, then closes the reader end; or what the
        /// first stopAfterBuffers buffers held, leaving the pipe open.
        /// </summary>
        internal static string ReadAll(PipeContract.Exp pipe, int stopAfterBuffers = int.MaxValue)
        {
            var text = new StringBuilder();
            var decoder = new Utf8Decoder();
            var chars = new char[8192];
            int buffers = 0;
            while (buffers < stopAfterBuffers && pipe.TryWaitNext(out PipeContract.Descriptor.Message next))
            {
                if (next == PipeContract.Descriptor.Message.Close)
                {
                    pipe.ReceiveClose();
                    break;
                }
                pipe.ReceiveWrite(out ExArray<byte> data, out int count);
                ReadOnlySpan<byte> bytes = data.Span.Slice(0, count);
                while (bytes.Length > 0) text.Append(new ReadOnlySpan<char>(chars, 0, decoder.Decode(ref bytes, chars)));
                try
                {
                    pipe.SendWritten(data);
                }
                catch (ChannelClosedException)
                {
                    data.Free();
                }
                buffers++;
            }
            if (buffers < stopAfterBuffers) pipe.Close();
            return text.ToString();
        }

        /// <summary>Sends text as one buffer and waits for it back.</summary>
        internal static void WriteText(PipeContract.Imp pipe, string text)
        {
            var data = ExArray<byte>.Allocate(text.Length * 3 + 1);
            Utf8.FromUtf16(text.AsSpan(), data.Span, out _, out int count);
            try
            {
                pipe.SendWrite(data, count);
            }
            catch (ChannelException)
            {
                data.Free();                // a failed send leaves the buffer the sender's
                throw;
            }
            pipe.ReceiveWritten(out data);
            data.Free();
        }

        private static string Lines(int count, string prefix)
        {
            var text = new StringBuilder();
            for (int i = 0; i < count; i++) text.Append(prefix).Append(i).Append('\n');
            return text.ToString();
        }

        [Test]
        public static void StdoutIsReadInOrderAndCompleteIncludingTheLastWriteBeforeExit()
        {
            var baseline = HeapBaseline.Take();
            Process process = Apps.Create("stdio", new[] { "lines", "3000" });
            PipeContract.Exp stdout = process.OpenStandardOutput();
            process.Start();
            string text = ReadAll(stdout);
            Assert.Equal(0, process.Wait());
            Assert.Equal(Lines(3000, "line ") + "end", text);
            baseline.AssertRestored();
        }

        [Test]
        public static void StderrIsSeparateFromStdout()
        {
            var baseline = HeapBaseline.Take();
            Process process = Apps.Create("stdio", new[] { "streams", "500" });
            PipeContract.Exp stdout = process.OpenStandardOutput();
            PipeContract.Exp stderr = process.OpenStandardError();
            process.Start();
            string errors = null;
            Peer reader = Peer.Start(() => errors = ReadAll(stderr), "stderr reader");
            string output = ReadAll(stdout);
            reader.Join();
            Assert.Equal(0, process.Wait());
            Assert.Equal(Lines(500, "out "), output);
            Assert.Equal(Lines(500, "err "), errors);
            baseline.AssertHandlesRestored();
        }

        [Test]
        public static void AProcessReadsStdinFedByATest()
        {
            var baseline = HeapBaseline.Take();
            Process process = Apps.Create("stdio", new[] { "echo" });
            PipeContract.Imp stdin = process.OpenStandardInput();
            PipeContract.Exp stdout = process.OpenStandardOutput();
            process.Start();
            string output = null;
            Peer reader = Peer.Start(() => output = ReadAll(stdout), "stdout reader");
            WriteText(stdin, "first\nsec");
            WriteText(stdin, "ond\n\u00e9t\u00e9 \u2713\r\n");       // a line across two writes; UTF-8; CR LF
            WriteText(stdin, "last, with no newline");
            stdin.SendClose();                                          // the end of the input
            stdin.Close();
            reader.Join();
            Assert.Equal(0, process.Wait());
            Assert.Equal("echo: first\necho: second\necho: \u00e9t\u00e9 \u2713\necho: last, with no newline\nlines: 4\n", output);
            baseline.AssertRestored();
        }

        [Test]
        public static void AnUnconnectedStdinIsEmpty()
        {
            Process process = Apps.Create("stdio", new[] { "echo" });
            PipeContract.Exp stdout = process.OpenStandardOutput();
            process.Start();
            Assert.Equal("lines: 0\n", ReadAll(stdout));
            Assert.Equal(0, process.Wait());
        }

        [Test]
        public static void TwoProcessesInAPipeline()
        {
            var baseline = HeapBaseline.Take();
            Process producer = Apps.Create("stdio", new[] { "lines", "2000" });
            Process wc = Apps.Create("wc", new string[0]);
            Process.Pipe(producer, wc);                                 // producer | wc
            PipeContract.Exp stdout = wc.OpenStandardOutput();
            producer.Start();
            wc.Start();
            string output = ReadAll(stdout);
            Assert.Equal(0, producer.Wait());
            Assert.Equal(0, wc.Wait());
            int expectedBytes = Lines(2000, "line ").Length + "end".Length;
            Assert.Equal("2000 4001 " + expectedBytes.ToString() + "\n", output);
            baseline.AssertRestored();
        }

        [Test]
        public static void AProcessKilledWhileWritingLeavesTheHeapAsItWas()
        {
            var baseline = HeapBaseline.Take();
            Process process = Apps.Create("stdio", new[] { "forever" });
            PipeContract.Exp stdout = process.OpenStandardOutput();
            process.Start();
            string first = ReadAll(stdout, stopAfterBuffers: 50);      // it writes on: a buffer is in flight
            Assert.True(first.StartsWith("forever 0 "), first.Substring(0, Math.Min(first.Length, 40)));
            process.Kill("killed by the test mid-write");
            string rest = ReadAll(stdout);                              // what was queued, then the end
            Assert.Equal(-1, process.Wait());
            Assert.Equal(ProcessState.Killed, process.State);
            Assert.True(rest.Length >= 0);
            baseline.AssertRestored();
        }

        [Test]
        public static void AProcessWritingToTheConsoleIsKilledAndItsRelayRecovers()
        {
            var baseline = HeapBaseline.Take();
            Process process = Apps.Create("stdio", new[] { "forever" });
            process.Start();                                            // stdout to the console, through a relay
            Helios.Kernel.Threading.Thread.Sleep(2_000_000);
            process.Kill("killed by the test while its relay prints");
            Assert.Equal(-1, process.Wait());                           // returns once the relay is done
            baseline.AssertRestored();
        }

        [Test]
        public static void OutputWrittenRightBeforeEnvironmentExitIsNotLost()
        {
            Process process = Apps.Create("stdio", new[] { "exit" });
            PipeContract.Exp stdout = process.OpenStandardOutput();
            process.Start();
            Assert.Equal("before exit", ReadAll(stdout));
            Assert.Equal(3, process.Wait());
        }

        [Test]
        public static void AnUnhandledExceptionStillSendsWhatWasWritten()
        {
            var baseline = HeapBaseline.Take();
            Process process = Apps.Create("stdio", new[] { "crash" });
            PipeContract.Exp stdout = process.OpenStandardOutput();
            process.Start();
            Assert.Equal("before crash\n", ReadAll(stdout));
            Assert.Equal(-1, process.Wait());
            Assert.True(process.KillReason.Contains("crashed on purpose"), process.KillReason);
            baseline.AssertHandlesRestored();
        }

        [Test]
        public static void PipeEndsAreReclaimedWhenAProcessEnds()
        {
            var baseline = HeapBaseline.Take();
            Process unstarted = Apps.Create("stdio", new[] { "echo" });
            PipeContract.Imp stdin = unstarted.OpenStandardInput();
            PipeContract.Exp stdout = unstarted.OpenStandardOutput();
            PipeContract.Exp stderr = unstarted.OpenStandardError();
            Assert.Equal(3, unstarted.ChannelOwner.HandleCount);        // the process holds its three ends
            unstarted.Kill("never started");
            Assert.True(stdin.IsClosed);                                // its ends went with it: ours see the channels closed
            Assert.True(stdout.IsClosed);
            Assert.True(stderr.IsClosed);
            Assert.Throws<ChannelClosedException>(() => WriteText(stdin, "nobody reads this"));
            stdin.Close();
            stdout.Close();
            stderr.Close();
            baseline.AssertRestored();

            Process exited = Apps.Create("stdio", new[] { "lines", "10" });
            PipeContract.Exp unread = exited.OpenStandardOutput();
            exited.Start();
            unread.Close();                                             // the reader goes first: the writer drops its output
            Assert.Equal(0, exited.Wait());
            Assert.Equal(0, exited.ChannelOwner.HandleCount);
            baseline.AssertRestored();
        }

        [Test]
        public static void PipesAreConnectedOnlyBeforeStartAndOnlyOnce()
        {
            Process process = Apps.Create("stdio", new[] { "lines", "1" });
            PipeContract.Exp stdout = process.OpenStandardOutput();
            Assert.Throws<InvalidOperationException>(() => process.OpenStandardOutput());
            process.Start();
            Assert.Throws<InvalidOperationException>(() => process.OpenStandardError());
            Assert.Equal("line 0\nend", ReadAll(stdout));
            process.Wait();
        }
    }
}
