// A RAM disk as a block device process: `ramdisk <path> <MiB> <clients>` registers path (the manifest declares
// /dev/ram0) with BlockDeviceContract, serves that many clients one after the other from one zeroed memory disk of
// 512-byte sectors (what one client writes, the next reads), then takes the path back and exits 0. A request is done
// the moment it arrives; its answer waits for the client's Next, in the order requests came. After each client it
// prints how many requests that client had outstanding at once, and how many of them reads (the test that a file
// system keeps several in flight reads it).
using Helios.Channels;
using Helios.Contracts;
using Helios.Services.Storage;

public static class Program
{
    private const int SectorSize = 512;
    private const int Window = 8;            // BlockDeviceContract's: the monitor refuses a ninth outstanding request

    private struct Answer
    {
        public ExArray<byte> Buffer;
        public int Tag, Error;
        public bool Read;
    }

    public static int Main(string[] args)
    {
        string path = args.Length > 0 ? args[0] : "/dev/ram0";
        int mib = args.Length > 1 ? int.Parse(args[1]) : 8;
        int clients = args.Length > 2 ? int.Parse(args[2]) : 1;
        var disk = new byte[mib * 1024 * 1024];
        int registration = ServiceNamespace.Register(path, BlockDeviceContract.Info);
        System.Console.WriteLine("serving " + path + ": " + mib.ToString() + " MiB");
        for (int i = 0; i < clients; i++)
        {
            var client = new BlockDeviceContract.Exp(ServiceNamespace.Accept(registration));
            Serve(client, disk);
            client.Close();
        }
        ServiceNamespace.Unregister(registration);
        return 0;
    }

    private static void Serve(BlockDeviceContract.Exp client, byte[] disk)
    {
        long sectors = disk.Length / SectorSize;
        var answers = new Answer[Window];
        int first = 0, count = 0, mostOutstanding = 0, mostReads = 0, reads = 0;
        client.SendGeometry(SectorSize, sectors);
        try
        {
            while (client.TryWaitNext(out BlockDeviceContract.Descriptor.Message next))
            {
                switch (next)
                {
                    case BlockDeviceContract.Descriptor.Message.Read:
                    case BlockDeviceContract.Descriptor.Message.Write:
                    {
                        bool write = next == BlockDeviceContract.Descriptor.Message.Write;
                        ExArray<byte> buffer;
                        long sector;
                        int tag;
                        if (write) client.ReceiveWrite(out buffer, out sector, out tag);
                        else client.ReceiveRead(out buffer, out sector, out tag);
                        int error = 0;
                        int length = buffer.IsNull ? -1 : buffer.Length;
                        if (!Fits(length, sector, sectors)) error = BlockAnswer.OutOfRange;
                        else if (write) buffer.Span.CopyTo(new System.Span<byte>(disk, (int)(sector * SectorSize), length));
                        else new System.ReadOnlySpan<byte>(disk, (int)(sector * SectorSize), length).CopyTo(buffer.Span);
                        answers[(first + count) % Window] = new Answer { Buffer = buffer, Tag = tag, Error = error, Read = !write };
                        count++;
                        if (!write) reads++;
                        if (count > mostOutstanding) mostOutstanding = count;
                        if (reads > mostReads) mostReads = reads;
                        break;
                    }
                    case BlockDeviceContract.Descriptor.Message.Next:
                    {
                        client.ReceiveNext();
                        Answer answer = answers[first];
                        answers[first] = default;
                        first = (first + 1) % Window;
                        count--;
                        if (answer.Read) reads--;
                        BlockAnswer.Send(client, answer.Buffer, answer.Tag, answer.Error);
                        break;
                    }
                    case BlockDeviceContract.Descriptor.Message.Flush:
                        client.ReceiveFlush();
                        client.SendFlushed();      // memory: written is durable
                        break;
                }
            }
        }
        catch (ChannelClosedException)
        {
            System.Console.Error.WriteLine("ramdisk: a client went away with requests outstanding");
        }
        // Answers the client never asked for: their buffers are ours to free.
        for (; count > 0; count--, first = (first + 1) % Window) answers[first].Buffer.Free();
        System.Console.WriteLine("ramdisk: a client is done: " + mostOutstanding.ToString() + " requests outstanding at most, " + mostReads.ToString() + " of them reads");
    }

    private static bool Fits(int length, long sector, long sectors) =>
        length >= 0 && length % SectorSize == 0 && sector >= 0 && sector <= sectors - length / SectorSize;
}
