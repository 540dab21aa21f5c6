// The virtio-blk driver's first part, as a process (docs/services.md): it finds the disk's register blocks through its
// virtio capabilities, brings the device up (virtio 1.x, 3.1), sets up one split virtqueue in DMA buffers and reads
// sectors with several requests in flight, polling the used ring. "check FIRST COUNT" reads COUNT sectors from FIRST
// and checks the pattern the test harness writes on its scratch disk (sector n: n as a u64, then bytes n*7+1);
// "capacity" prints the disk's size. Exit 0 when all is well, 1 with a message when not, 3 when there is no disk.
// Not yet: the block device contract at /dev/blk0, writes and flushes, interrupts instead of polling.
using System;
using System.Buffers.Binary;
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
                if (how == "check" && args.Length == 3 && ulong.TryParse(args[1], out ulong first) && int.TryParse(args[2], out int count) && count > 0)
                    return Check(disk, first, count);
                Console.Error.WriteLine("virtioblk: usage: virtioblk capacity | check FIRST COUNT");
                return 2;
            }
            catch (VirtioException e)
            {
                Console.Error.WriteLine("virtioblk: " + e.Message);
                return 1;
            }
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
            Console.WriteLine("virtioblk: read " + count.ToString() + " sectors from " + first.ToString() + ", " + disk.MostInFlight.ToString() + " requests in flight at most: all as written");
            return 0;
        }
    }

    public sealed class VirtioException : Exception
    {
        public VirtioException(string message) : base(message) { }
    }
}
