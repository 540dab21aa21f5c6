// The virtio-blk driver, as a process (docs/services.md): it finds the disk's register blocks through its virtio
// capabilities, brings the device up (virtio 1.x, 3.1), sets up one split virtqueue in DMA buffers and reads, writes
// and flushes with several requests in flight, waiting for the device's interrupt. "serve PATH [CLIENTS]" registers PATH (the
// manifest declares /dev/blk0) with BlockDeviceContract and serves its clients one after the other, CLIENTS of them
// or, without it, until the machine stops. "check FIRST COUNT" reads COUNT sectors from FIRST and checks the pattern
// the test harness writes on its scratch disk (sector n: n as a u64, then bytes n*7+1); "capacity" prints the disk's
// size; "rewrite FIRST COUNT" writes those sectors' complement, flushes, reads it back, then writes back what was
// there and checks it (the harness's write test, which leaves the disk as it found it); "interrupt" reads sector 0
// and waits for the disk's interrupt itself (exit 1 when it does not come or is not routed); "idle SECONDS" waits
// that long for an interrupt with nothing in flight (exit 0 when none came). Exit 0 when all is well, 1 with a message when not, 3 when there is no disk. The driver
// waits for the device's MSI-X interrupt where the kernel routes it, else polls; check and rewrite say which, and how many interrupts.
using System;
using System.Buffers.Binary;
using Helios.Channels;
using Helios.Contracts;
using Helios.Services.Storage;
using Helios.Sip;

namespace VirtioBlk
{
    public static class Program
    {
        public static int Main(string[] args)
        {
            try
            {
                VirtioBlockDevice disk = VirtioBlockDevice.Open();
                if (disk is null)
                {
                    Console.Error.WriteLine("virtioblk: this machine has no virtio-blk disk (boot with --disk)");
                    return 3;
                }
                string how = args.Length > 0 ? args[0] : "capacity";
                if (how == "capacity")
                {
                    Console.WriteLine("virtioblk: " + disk.Capacity.ToString() + " sectors of 512 bytes");
                    return 0;
                }
                if (how == "serve" && args.Length >= 2 && args.Length <= 3)
                {
                    int clients = -1;
                    if (args.Length == 3 && (!int.TryParse(args[2], out clients) || clients < 0)) return Usage();
                    return Serve(disk, args[1], clients);
                }
                if (how == "rewrite" && args.Length == 3 && ulong.TryParse(args[1], out ulong at) && int.TryParse(args[2], out int sectors) && sectors > 0)
                    return Rewrite(disk, at, sectors);
                if (how == "interrupt" && args.Length == 1)
                {
                    if (!disk.UsesInterrupts)
                    {
                        Console.Error.WriteLine("virtioblk: the disk's interrupt is not routed: the driver polls");
                        return 1;
                    }
                    if (!disk.ProbeInterrupt())
                    {
                        Console.Error.WriteLine("virtioblk: the disk completed a read without interrupting");
                        return 1;
                    }
                    Console.WriteLine("virtioblk: the disk interrupted; " + Completions(disk));
                    return 0;
                }
                if (how == "idle" && args.Length == 2 && int.TryParse(args[1], out int seconds) && seconds > 0)
                {
                    // Blocks on the interrupt with nothing in flight (the test that a driver killed while it waits dies).
                    Console.WriteLine("virtioblk: waiting " + seconds.ToString() + " s for an interrupt with no request in flight");
                    return disk.WaitIdle(seconds * 1_000_000_000L) ? 1 : 0;
                }
                if (how == "check" && args.Length == 3 && ulong.TryParse(args[1], out ulong first) && int.TryParse(args[2], out int count) && count > 0)
                    return Check(disk, first, count);
                return Usage();
            }
            catch (VirtioException e)
            {
                Console.Error.WriteLine("virtioblk: " + e.Message);
                return 1;
            }
        }

        private static int Usage()
        {
            Console.Error.WriteLine("virtioblk: usage: virtioblk capacity | interrupt | idle SECONDS | check FIRST COUNT | rewrite FIRST COUNT | serve PATH [CLIENTS]");
            return 2;
        }

        private static int Serve(VirtioBlockDevice disk, string path, int clients)
        {
            int registration = ServiceNamespace.Register(path, BlockDeviceContract.Info);
            Console.WriteLine("virtioblk: serving " + path + ": " + disk.Capacity.ToString() + " sectors of 512 bytes" + (disk.CanFlush ? ", a write cache to flush" : ""));
            for (int i = 0; clients < 0 || i < clients; i++)
            {
                var client = new BlockDeviceContract.Exp(ServiceNamespace.Accept(registration));
                Serve(disk, client);
                client.Close();
            }
            ServiceNamespace.Unregister(registration);
            return 0;
        }

        private static void Serve(VirtioBlockDevice disk, BlockDeviceContract.Exp client)
        {
            // A client that dies with requests in flight (its file system killed mid-write) closes the channel: a reply's
            // send fails; the driver waits for what the disk still holds, frees the client's buffers and goes on to its
            // next client.
            var requests = new ClientRequests(disk, 8);
            try { ServeRequests(disk, client, requests); }
            catch (ChannelClosedException) { Console.Error.WriteLine("virtioblk: a client went away with a request in flight"); }
            if (requests.Outstanding > 0 || disk.InFlight > 0) requests.Abandon();
            Console.WriteLine("virtioblk: a client is done: " + requests.MostOutstanding.ToString() + " requests outstanding at most, " + disk.MostInFlight.ToString() + " in flight on the disk");
        }

        private static void ServeRequests(VirtioBlockDevice disk, BlockDeviceContract.Exp client, ClientRequests requests)
        {
            client.SendGeometry(512, (long)disk.Capacity);
            while (client.TryWaitNext(out BlockDeviceContract.Descriptor.Message next))
            {
                switch (next)
                {
                    case BlockDeviceContract.Descriptor.Message.Read:
                    {
                        client.ReceiveRead(out ExArray<byte> buffer, out long sector, out int tag);
                        requests.Accept(false, buffer, sector, tag);
                        break;
                    }
                    case BlockDeviceContract.Descriptor.Message.Write:
                    {
                        client.ReceiveWrite(out ExArray<byte> buffer, out long sector, out int tag);
                        requests.Accept(true, buffer, sector, tag);
                        break;
                    }
                    case BlockDeviceContract.Descriptor.Message.Next:
                    {
                        client.ReceiveNext();
                        ClientRequests.Request answer = requests.NextAnswer();
                        BlockAnswer.Send(client, answer.Buffer, answer.Tag, answer.Error);
                        break;
                    }
                    case BlockDeviceContract.Descriptor.Message.Flush:
                        // The contract allows a flush only with nothing outstanding: every write the client sent is done.
                        client.ReceiveFlush();
                        try { disk.Flush(); }
                        catch (VirtioException e)
                        {
                            Console.Error.WriteLine("virtioblk: " + e.Message);
                            client.SendFlushFailed(BlockAnswer.DeviceFailed);
                            break;
                        }
                        client.SendFlushed();
                        break;
                }
            }
        }

        private static int Rewrite(VirtioBlockDevice disk, ulong first, int count)
        {
            byte[] original = disk.Read(first, count);
            var complement = new byte[original.Length];
            for (int i = 0; i < original.Length; i++) complement[i] = (byte)~original[i];
            disk.Transfer(true, first, complement);
            disk.Flush();
            byte[] back = disk.Read(first, count);
            if (!back.AsSpan().SequenceEqual(complement))
            {
                Console.Error.WriteLine("virtioblk: sectors " + first.ToString() + "+" + count.ToString() + " do not read back what was written");
                return 1;
            }
            disk.Transfer(true, first, original);
            disk.Flush();
            if (!disk.Read(first, count).AsSpan().SequenceEqual(original))
            {
                Console.Error.WriteLine("virtioblk: sectors " + first.ToString() + "+" + count.ToString() + " do not read back what was there");
                return 1;
            }
            Console.WriteLine("virtioblk: wrote, flushed and read back " + count.ToString() + " sectors from " + first.ToString() + (disk.CanFlush ? "" : " (no write cache to flush)") + "; " + Completions(disk));
            return 0;
        }

        private static int Check(VirtioBlockDevice disk, ulong first, int count)
        {
            byte[] data = disk.Read(first, count);
            for (int i = 0; i < count; i++)
            {
                ulong sector = first + (ulong)i;
                ReadOnlySpan<byte> bytes = data.AsSpan(i * 512, 512);
                bool good = BinaryPrimitives.ReadUInt64LittleEndian(bytes) == sector;
                for (int j = 8; j < 512 && good; j++) good = bytes[j] == (byte)(sector * 7 + 1);
                if (!good)
                {
                    Console.Error.WriteLine("virtioblk: sector " + sector.ToString() + " does not hold the harness's pattern");
                    return 1;
                }
            }
            Console.WriteLine("virtioblk: read " + count.ToString() + " sectors from " + first.ToString() + ", " + disk.MostInFlight.ToString() + " requests in flight at most: all as written; " + Completions(disk));
            return 0;
        }

        private static string Completions(VirtioBlockDevice disk)
            => disk.UsesInterrupts ? disk.Interrupts.ToString() + " interrupts" : "polled, no interrupt";
    }

    public sealed class VirtioException : Exception
    {
        public VirtioException(string message) : base(message) { }
    }
}
