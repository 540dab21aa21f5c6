// A RAM disk as a block device process: `ramdisk <path> <MiB> <clients>` registers path (the manifest declares
// /dev/ram0) with BlockDeviceContract, serves that many clients one after the other from one zeroed memory disk of
// 512-byte sectors (what one client writes, the next reads), then takes the path back and exits 0.
using Helios.Channels;
using Helios.Contracts;

public static class Program
{
    private const int SectorSize = 512;
    private const int OutOfRange = 1;

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
        client.SendGeometry(SectorSize, sectors);
        while (client.TryWaitNext(out BlockDeviceContract.Descriptor.Message next))
        {
            switch (next)
            {
                case BlockDeviceContract.Descriptor.Message.Read:
                {
                    client.ReceiveRead(out ExArray<byte> buffer, out long sector);
                    if (!Fits(buffer.Length, sector, sectors)) client.SendFailed(buffer, OutOfRange);
                    else
                    {
                        new System.ReadOnlySpan<byte>(disk, (int)(sector * SectorSize), buffer.Length).CopyTo(buffer.Span);
                        client.SendDone(buffer);
                    }
                    break;
                }
                case BlockDeviceContract.Descriptor.Message.Write:
                {
                    client.ReceiveWrite(out ExArray<byte> buffer, out long sector);
                    if (!Fits(buffer.Length, sector, sectors)) client.SendFailed(buffer, OutOfRange);
                    else
                    {
                        buffer.Span.CopyTo(new System.Span<byte>(disk, (int)(sector * SectorSize), buffer.Length));
                        client.SendDone(buffer);
                    }
                    break;
                }
                case BlockDeviceContract.Descriptor.Message.Flush:
                    client.ReceiveFlush();
                    client.SendFlushed();      // memory: written is durable
                    break;
            }
        }
    }

    private static bool Fits(int length, long sector, long sectors) =>
        length % SectorSize == 0 && sector >= 0 && sector <= sectors - length / SectorSize;
}
