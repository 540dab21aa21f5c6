// A process that waits on several channels at once with Select (Sing#'s switch receive), driven by
// tests/Kernel/Channels/ProcessSelectTests.cs. It is given a PingPongContract exporter (endpoint 0) and a
// PipeContract reader (endpoint 1). Modes (the first argument):
//   serve     answers Pings (Pong n + 1) and Writes (Written, after checking the bytes) on either channel, in whatever
//             order they come, until both channels are done (the pipe by its Close message or closing, the ping
//             channel by closing); every wait has a 10 s timeout, which must not pass. Prints what it served.
//   order     both channels have a message queued before it starts: the first ready case in the order added wins.
//   pingserve the ping server of the benchmark channel_pingpong_select_sip: one Select, reused, over the ping
//             channel's Ping and closing and anything on the pipe; answers Pings until the ping channel closes.
//   timeout   nothing comes: Wait(20 ms) returns -1 after at least 20 ms, and Wait(0) returns -1 at once.
//   forged <handle>, wrongcontract, wrongside, toomany, unhandledclose, unexpected: selects that are the process's
//             error; each throws in the process (ChannelException or a subclass), which nobody catches.
// Exit 0 when everything was as expected, another number naming the step that was not.
using System.Diagnostics;
using Helios.Channels;
using Helios.Contracts;

public static class Program
{
    private const long Second = 1000000000;

    public static int Main(string[] args)
    {
        var ping = new PingPongContract.Exp(StartupEndpoints.Get(0));
        var pipe = new PipeContract.Exp(StartupEndpoints.Get(1));
        string mode = args.Length > 0 ? args[0] : "serve";
        switch (mode)
        {
            case "serve": return Serve(ping, pipe);
            case "order": return Order(ping, pipe);
            case "pingserve": return PingServe(ping, pipe);
            case "timeout": return Timeout(ping, pipe);
            case "forged": return Faulty(ping.OnPing(), new SelectCase(ulong.Parse(args[1]), PingPongContract.Info, ContractInfo.Exporter, SelectCase.AnyMessage));
            case "wrongcontract": return Faulty(new SelectCase(ping.Handle, PipeContract.Info, ContractInfo.Exporter, SelectCase.AnyMessage));
            case "wrongside": return Faulty(new PingPongContract.Imp(ping.Handle).AnyCase);
            case "unhandledclose": return Faulty(ping.OnPing());
            case "unexpected": return Faulty(pipe.OnClose());
            case "toomany":
            {
                var select = new Select();
                for (int i = 0; i <= Select.MaxProcessCases; i++) select.Add(ping.OnPing());
                select.Wait();
                return 90;
            }
            default:
                System.Console.WriteLine("unknown mode " + mode);
                return 2;
        }
    }

    private static int Serve(PingPongContract.Exp ping, PipeContract.Exp pipe)
    {
        bool pingOpen = true, pipeOpen = true;
        int pings = 0, writes = 0;
        long bytes = 0;
        while (pingOpen || pipeOpen)
        {
            // The cases of the channels still open, in a fixed order; -1 for a case not added.
            var select = new Select();
            int onPing = pingOpen ? select.Add(ping.OnPing()) : -1;
            int onWrite = pipeOpen ? select.Add(pipe.OnWrite()) : -1;
            int onClose = pipeOpen ? select.Add(pipe.OnClose()) : -1;
            int pingGone = pingOpen ? select.Add(ping.ClosedCase) : -1;
            int pipeGone = pipeOpen ? select.Add(pipe.ClosedCase) : -1;
            int chosen = select.Wait(10 * Second);
            if (chosen < 0)
            {
                System.Console.WriteLine("timed out with the ping channel " + (pingOpen ? "open" : "done") + " and the pipe " + (pipeOpen ? "open" : "done"));
                return 4;
            }
            if (chosen == onPing)
            {
                ping.ReceivePing(out int n);
                ping.SendPong(n + 1);
                pings++;
            }
            else if (chosen == onWrite)
            {
                pipe.ReceiveWrite(out ExArray<byte> data, out int count);
                for (int i = 0; i < count; i++)
                {
                    if (data[i] != (byte)(i + writes)) return 5;
                    bytes++;
                }
                pipe.SendWritten(data);
                writes++;
            }
            else if (chosen == onClose)
            {
                pipe.ReceiveClose();
                pipe.Close();
                pipeOpen = false;
            }
            else if (chosen == pingGone)
            {
                ping.Close();
                pingOpen = false;
            }
            else if (chosen == pipeGone)
            {
                pipe.Close();
                pipeOpen = false;
            }
            else return 6;
        }
        System.Console.WriteLine("served " + pings.ToString() + " pings and " + writes.ToString() + " writes of " + bytes.ToString() + " bytes");
        return 0;
    }

    private static int PingServe(PingPongContract.Exp ping, PipeContract.Exp pipe)
    {
        var select = new Select();
        int onPing = select.Add(ping.OnPing());
        int onPipe = select.Add(pipe.AnyCase);
        int closed = select.Add(ping.ClosedCase);
        while (true)
        {
            int chosen = select.Wait();
            if (chosen == onPing)
            {
                ping.ReceivePing(out int n);
                ping.SendPong(n + 1);
            }
            else if (chosen == closed) return 0;
            else return chosen == onPipe ? 30 : 31;
        }
    }

    // A Ping and a Write are queued before the process starts.
    private static int Order(PingPongContract.Exp ping, PipeContract.Exp pipe)
    {
        var first = new Select();
        first.Add(ping.OnPing());
        first.Add(pipe.OnWrite());
        if (first.Wait() != 0) return 10;                   // both ready: the first case added
        ping.ReceivePing(out int n);
        ping.SendPong(n + 1);
        var second = new Select();
        second.Add(pipe.AnyCase);
        second.Add(ping.OnPing());
        int chosen = second.Wait(0);
        if (chosen != 0) return 11;                         // the pipe's Write, through AnyCase
        pipe.ReceiveWrite(out ExArray<byte> data, out int count);
        pipe.SendWritten(data);
        if (second.Wait(0) != -1) return 12;                // nothing else queued: Wait(0) polls
        return 0;
    }

    private static int Timeout(PingPongContract.Exp ping, PipeContract.Exp pipe)
    {
        var select = new Select();
        select.Add(ping.OnPing());
        select.Add(pipe.AnyCase);
        select.Add(ping.ClosedCase);
        long start = Stopwatch.GetTimestamp();
        if (select.Wait(20000000) != -1) return 20;
        long elapsed = (Stopwatch.GetTimestamp() - start) * 1000 / Stopwatch.Frequency;
        if (elapsed < 20) return 21;
        if (select.Wait(0) != -1) return 22;
        System.Console.WriteLine("timed out after " + elapsed.ToString() + " ms");
        return 0;
    }

    private static int Faulty(params SelectCase[] cases)
    {
        var select = new Select();
        foreach (SelectCase c in cases) select.Add(c);
        select.Wait();                                      // throws: nobody catches it
        return 90;
    }
}
