// The agent EndpointTravelTests runs on every kernel of a numa4 machine: it registers /test/travel-k<id> and serves
// each channel bound there (TravelAgentContract) on a kernel thread of its own. The coordinator's test sends it
// commands; another kernel's agent hands it the travelling end (Take). The kernel's agent holds at most one end at a
// time, shared by its threads. It never asserts (a failure on a satellite would be nobody's test): every problem goes
// back to whoever asked, as Failed with why.
using System;
using Helios.Channels;
using Helios.Kernel.Channels;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Namespace;
using Helios.Satellite.Links;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Tests.Channels
{
    internal static class TravelAgent
    {
        private static readonly object s_lock = new object();
        private static ulong s_held;                // the travelling end this kernel holds (0: none)
        private static bool s_started;

        internal static string PathOf(int kernel) => "/test/travel-k" + kernel.ToString();

        /// <summary>Serves this kernel's path until the machine stops (a satellite's test runs it).</summary>
        internal static void Serve()
        {
            Registration registration = NameService.Register(PathOf(KernelRole.Id), TravelAgentContract.Info);
            while (!MachineStatus.ShutdownRequested)
            {
                ulong endpoint = registration.Accept(100_000_000);
                if (endpoint != 0) new Thread(() => ServeCommands(new TravelAgentContract.Exp(endpoint)), "travel agent").Start();
            }
        }

        /// <summary>The coordinator's agent, started once by the first test that needs it; it serves until the machine stops.</summary>
        internal static void StartHere()
        {
            lock (s_lock)
            {
                if (s_started) return;
                s_started = true;
            }
            new Thread(Serve, "travel agents").Start();
            OneNamespaceTests.AwaitPath(PathOf(KernelRole.Id));
        }

        /// <summary>The end this kernel's agent holds, taken from it (the coordinator's test uses it directly).</summary>
        internal static TravelContract.Exp TakeHeld()
        {
            lock (s_lock)
            {
                ulong held = s_held;
                s_held = 0;
                return new TravelContract.Exp(held);
            }
        }

        /// <summary>
        /// What a test expects back at its baseline, as Counters answers: this kernel's live exchange-heap handles (bits
        /// 0-31), channels on its links (32-47) and records its links refused (48-62, saturated).
        /// </summary>
        internal static long Counters()
        {
            long channels = 0, rejected = 0;
            for (int k = 0; k < KernelRole.Count; k++)
                if (KernelLinks.To(k) is Link link)
                {
                    channels += link.ChannelCount;
                    rejected += link.Rejected;
                }
            return (uint)ExchangeHeap.Current.LiveHandles | Math.Min(channels, 0xFFFF) << 32 | Math.Min(rejected, 0x7FFF) << 48;
        }

        internal static string LinkStats()
        {
            string all = KernelRole.Name + ":";
            for (int k = 0; k < KernelRole.Count; k++)
                if (KernelLinks.To(k) is Link link)
                    all += " to k" + k.ToString() + " channels=" + link.ChannelCount.ToString() + " sent=" + link.RecordsSent.ToString() + " received=" + link.RecordsReceived.ToString() + " rejected=" + link.Rejected.ToString();
            return all;
        }

        internal static string Describe(long counters)
            => ((uint)counters).ToString() + " handles, " + ((counters >> 32) & 0xFFFF).ToString() + " link channels, "
               + (counters >> 48).ToString() + " records refused";

        private static void ServeCommands(TravelAgentContract.Exp commands)
        {
            try
            {
                while (commands.TryWaitNext(out TravelAgentContract.Descriptor.Message next))
                {
                    long value = 0;
                    string failure;
                    try
                    {
                        failure = Do(commands, next, out value);
                    }
                    catch (Exception e)
                    {
                        failure = e.GetType().Name + ": " + e.Message;      // a bind refused, a channel closed: told, not fatal
                    }
                    if (failure is null) commands.SendDone(value);
                    else commands.SendFailed(KernelText.Chars(KernelRole.Name + ": " + failure));
                }
            }
            catch (ChannelException)
            {
                // whoever sent the commands went away: nothing to answer
            }
            commands.Close();
        }

        // One command: null when done, else why not.
        private static string Do(TravelAgentContract.Exp commands, TravelAgentContract.Descriptor.Message next, out long value)
        {
            value = 0;
            if (next == TravelAgentContract.Descriptor.Message.Take)
            {
                commands.ReceiveTake(out TravelContract.Exp end);
                lock (s_lock)
                {
                    if (s_held == 0)
                    {
                        s_held = end.Handle;
                        return null;
                    }
                }
                end.Close();
                return "already holds a travelling end";
            }
            if (next == TravelAgentContract.Descriptor.Message.Counters)
            {
                commands.ReceiveCounters();
                value = Counters();             // the request freed, the answer not allocated yet
                return null;
            }
            TravelContract.Exp held;
            lock (s_lock) held = new TravelContract.Exp(s_held);
            if (next == TravelAgentContract.Descriptor.Message.Expect)
            {
                commands.ReceiveExpect(out long first, out long count);
                if (held.Handle == 0) return "holds no end";
                for (long i = 0; i < count; i++)
                {
                    string problem;
                    try
                    {
                        held.ReceiveItem(out long sequence, out ExArray<byte> data);
                        problem = TravelData.Check("item", first + i, sequence, data);
                    }
                    catch (ChannelException e)
                    {
                        problem = e.GetType().Name + ": " + e.Message;
                    }
                    if (problem is not null) return "after " + i.ToString() + " of " + count.ToString() + " items from " + first.ToString() + ": " + problem;
                }
                value = count;
                return null;
            }
            if (next == TravelAgentContract.Descriptor.Message.ExpectTurn)
            {
                commands.ReceiveExpectTurn();
                if (held.Handle == 0) return "holds no end";
                held.ReceiveTurn();
                return null;
            }
            if (next == TravelAgentContract.Descriptor.Message.Backs)
            {
                commands.ReceiveBacks(out long first, out long count);
                if (held.Handle == 0) return "holds no end";
                for (long i = 0; i < count; i++) held.SendBack(first + i, TravelData.Make(first + i));
                value = count;
                return null;
            }
            if (next == TravelAgentContract.Descriptor.Message.SendOver)
            {
                commands.ReceiveSendOver();
                if (held.Handle == 0) return "holds no end";
                held.SendOver();
                return null;
            }
            if (next == TravelAgentContract.Descriptor.Message.SendOn)
            {
                commands.ReceiveSendOn(out int kernel);
                if (held.Handle == 0) return "holds no end";
                TravelAgentContract.Imp there = Bind(kernel);
                TakeHeld();
                there.SendTake(held);
                string failure = AwaitReply(there, out _);
                there.Close();
                return failure is null ? null : "handing the end to k" + kernel.ToString() + ": " + failure;
            }
            if (next == TravelAgentContract.Descriptor.Message.CloseEnd)
            {
                commands.ReceiveCloseEnd();
                if (held.Handle == 0) return "holds no end";
                TakeHeld().Close();
                return null;
            }
            if (next == TravelAgentContract.Descriptor.Message.AwaitClosed)
            {
                commands.ReceiveAwaitClosed();
                if (held.Handle == 0) return "holds no end";
                TakeHeld();
                string problem = null;
                try
                {
                    held.ReceiveItem(out long sequence, out ExArray<byte> data);
                    data.Free();
                    problem = "item " + sequence.ToString() + " came instead of the channel's close";
                }
                catch (ChannelClosedException)
                {
                    if (!held.IsClosed) problem = "a receive reported the channel closed, but the end does not say so";
                }
                held.Close();
                return problem;
            }
            return "no such command";
        }

        /// <summary>A command channel to kernel's agent, bound through the namespace.</summary>
        internal static TravelAgentContract.Imp Bind(int kernel)
        {
            TravelAgentContract.NewChannel(out TravelAgentContract.Imp agent, out TravelAgentContract.Exp far);
            NameService.Bind(PathOf(kernel), TravelAgentContract.Info, far.Handle);
            return agent;
        }

        /// <summary>An agent's answer to the last command: null and its value, or why it failed.</summary>
        internal static string AwaitReply(TravelAgentContract.Imp agent, out long value)
        {
            value = 0;
            if (agent.WaitNext() == TravelAgentContract.Descriptor.Message.Done)
            {
                agent.ReceiveDone(out value);
                return null;
            }
            agent.ReceiveFailed(out ExArray<char> why);
            return KernelText.Take(why);
        }
    }

    // The arrays the items and backs carry: a length and bytes that follow from the sequence number, so that the
    // receiver checks both without being told.
    internal static class TravelData
    {
        internal static ExArray<byte> Make(long sequence)
        {
            int length = 1 + (int)(sequence % 61);
            ExArray<byte> data = ExArray<byte>.Allocate(length);
            for (int b = 0; b < length; b++) data[b] = (byte)(sequence * 7 + b * 3 + 1);
            return data;
        }

        /// <summary>Null when sequence is expected and data is its array (data is freed either way), else what is wrong.</summary>
        internal static string Check(string what, long expected, long sequence, ExArray<byte> data)
        {
            string problem = null;
            if (sequence != expected) problem = what + " " + sequence.ToString() + " arrived where " + expected.ToString() + " was expected";
            else if (data.IsNull || data.Length != 1 + (int)(sequence % 61))
                problem = what + " " + sequence.ToString() + " carries " + (data.IsNull ? "no array" : data.Length.ToString() + " bytes");
            else
                for (int b = 0; b < data.Length; b++)
                    if (data[b] != (byte)(sequence * 7 + b * 3 + 1))
                    {
                        problem = what + " " + sequence.ToString() + ": byte " + b.ToString() + " changed";
                        break;
                    }
            if (!data.IsNull) data.Free();
            return problem;
        }
    }
}
