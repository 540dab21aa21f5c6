// The FAT32 file system service: `fatfs <device> <path> <clients> [format] [cache=SIZE]` binds the block device at
// device (BlockDeviceContract; waiting up to 30 s for its driver to register it), formats it when told, mounts it,
// registers path (the manifest declares /fs) with FileSystemContract and serves that many clients one after the other
// (or, for "forever", until the machine stops), flushing after each; then it takes the path back and exits 0. Exit 1
// when the volume cannot be mounted or the device never appears, 2 for arguments it cannot use.
// The sector cache is write-back and holds SIZE bytes (K or M suffix; default 8M, within the manifest's 32M heap): a
// working set of small files that fits never reaches the disk until a flush, as in Linux's page cache, which the
// benchmarks compare with.
using System;
using System.Collections.Generic;
using Helios.Channels;
using Helios.Contracts;
using Helios.Services.Fat32;
using Helios.Services.Storage;

public static class Program
{
    public static int Main(string[] args)
    {
        string device = args.Length > 0 ? args[0] : "/dev/ram0";
        string path = args.Length > 1 ? args[1] : "/fs";
        int clients = 1;
        if (args.Length > 2 && args[2] != "forever" && (!int.TryParse(args[2], out clients) || clients < 0))
            return Usage("the number of clients must be a whole number or \"forever\", not \"" + args[2] + "\"");
        if (args.Length > 2 && args[2] == "forever") clients = -1;
        bool format = false;
        int cacheBytes = DefaultCacheBytes;
        for (int i = 3; i < args.Length; i++)
        {
            if (args[i] == "format") format = true;
            else if (args[i].StartsWith("cache=", StringComparison.Ordinal))
            {
                cacheBytes = Size(args[i].Substring("cache=".Length));
                if (cacheBytes < MinCacheBytes || cacheBytes > MaxCacheBytes)
                    return Usage("cache=" + args[i].Substring("cache=".Length) + " is not a size from 2K to 16M (e.g. cache=256K)");
            }
            else return Usage("unknown option \"" + args[i] + "\"");
        }
        BlockDeviceContract.NewChannel(out BlockDeviceContract.Imp imp, out BlockDeviceContract.Exp exp);
        if (!ServiceWait.Bind(device, BlockDeviceContract.Info, exp.Handle, out string why))
        {
            Console.WriteLine("cannot mount " + device + ": " + why);
            return 1;
        }
        FatFileSystem fs;
        try
        {
            var blocks = new BlockDeviceClient(imp);
            if (format) FatFormatter.Format(blocks);
            fs = FatFileSystem.Mount(blocks, cacheBytes / blocks.SectorSize);
        }
        catch (FileSystemException e)
        {
            Console.WriteLine("cannot mount " + device + ": " + e.Message);
            imp.Close();
            return 1;
        }
        int registration = ServiceNamespace.Register(path, FileSystemContract.Info);
        Console.WriteLine("serving " + path + " from " + device);
        for (int i = 0; clients < 0 || i < clients; i++)
        {
            var client = new FileSystemContract.Exp(ServiceNamespace.Accept(registration));
            Serve(fs, client);
            client.Close();
            fs.Flush();
        }
        ServiceNamespace.Unregister(registration);
        imp.Close();
        return 0;
    }

    private const int DefaultCacheBytes = 8 << 20, MinCacheBytes = 2 << 10, MaxCacheBytes = 16 << 20;

    private static int Usage(string why)
    {
        Console.Error.WriteLine("fatfs: " + why);
        Console.Error.WriteLine("fatfs: usage: fatfs DEVICE PATH CLIENTS|forever [format] [cache=SIZE]");
        return 2;
    }

    // "4096", "256K", "8M": bytes; -1 for anything else.
    private static int Size(string text)
    {
        int scale = 1;
        if (text.EndsWith("K", StringComparison.Ordinal)) scale = 1 << 10;
        else if (text.EndsWith("M", StringComparison.Ordinal)) scale = 1 << 20;
        if (scale != 1) text = text.Substring(0, text.Length - 1);
        if (!int.TryParse(text, out int n) || n < 0 || n > int.MaxValue / scale) return -1;
        return n * scale;
    }

    private static void Serve(FatFileSystem fs, FileSystemContract.Exp client)
    {
        var files = new List<FatFile>();
        while (client.TryWaitNext(out FileSystemContract.Descriptor.Message next))
        {
            switch (next)
            {
                case FileSystemContract.Descriptor.Message.Read:
                {
                    client.ReceiveRead(out int handle, out ExArray<byte> buffer, out long offset);
                    int count;
                    try { count = File(files, handle).Read(offset, buffer.Span); }
                    catch (FileSystemException e) { client.SendBufferFailed(buffer, (int)e.Error); break; }
                    client.SendReadDone(buffer, count);
                    break;
                }
                case FileSystemContract.Descriptor.Message.Write:
                {
                    client.ReceiveWrite(out int handle, out ExArray<byte> buffer, out int count, out long offset);
                    try
                    {
                        if (count < 0 || count > buffer.Length) throw new FileSystemException(FileSystemError.InvalidArgument, "count outside the buffer");
                        File(files, handle).Write(offset, buffer.Span.Slice(0, count));
                    }
                    catch (FileSystemException e) { client.SendBufferFailed(buffer, (int)e.Error); break; }
                    client.SendWriteDone(buffer);
                    break;
                }
                default:
                    Answer(fs, client, next, files);
                    break;
            }
        }
        foreach (FatFile file in files) file?.Dispose();
    }

    /// <summary>The requests without a buffer: each answered with its reply, or Failed(error).</summary>
    private static void Answer(FatFileSystem fs, FileSystemContract.Exp client, FileSystemContract.Descriptor.Message request, List<FatFile> files)
    {
        try
        {
            switch (request)
            {
                case FileSystemContract.Descriptor.Message.Open:
                {
                    client.ReceiveOpen(out ExArray<char> path, out int mode);
                    string name = Text(path);
                    FatFile file = mode == 0 ? fs.Open(name)
                        : mode == 1 || mode == 2 ? fs.Create(name, overwrite: mode == 2)
                        : throw new FileSystemException(FileSystemError.InvalidArgument, "open mode " + mode.ToString());
                    int handle = files.IndexOf(null);
                    if (handle < 0) { handle = files.Count; files.Add(file); }
                    else files[handle] = file;
                    client.SendOpened(handle, file.Length);
                    break;
                }
                case FileSystemContract.Descriptor.Message.SetLength:
                    client.ReceiveSetLength(out int resized, out long length);
                    File(files, resized).SetLength(length);
                    client.SendDone();
                    break;
                case FileSystemContract.Descriptor.Message.Close:
                    client.ReceiveClose(out int closed);
                    File(files, closed).Dispose();
                    files[closed] = null;
                    client.SendDone();
                    break;
                case FileSystemContract.Descriptor.Message.Delete:
                    client.ReceiveDelete(out ExArray<char> deleted);
                    fs.Delete(Text(deleted));
                    client.SendDone();
                    break;
                case FileSystemContract.Descriptor.Message.MakeDirectory:
                    client.ReceiveMakeDirectory(out ExArray<char> made);
                    fs.CreateDirectory(Text(made));
                    client.SendDone();
                    break;
                case FileSystemContract.Descriptor.Message.Rename:
                    client.ReceiveRename(out ExArray<char> from, out ExArray<char> to);
                    string source = Text(from);
                    fs.Rename(source, Text(to));
                    client.SendDone();
                    break;
                case FileSystemContract.Descriptor.Message.Flush:
                    client.ReceiveFlush();
                    fs.Flush();
                    client.SendDone();
                    break;
                case FileSystemContract.Descriptor.Message.DropCache:
                    client.ReceiveDropCache(out int dropped);
                    File(files, dropped).DropCache();
                    client.SendDone();
                    break;
                case FileSystemContract.Descriptor.Message.Stat:
                {
                    client.ReceiveStat(out ExArray<char> path);
                    FatEntryInfo info = fs.Stat(Text(path));
                    client.SendEntry(Chars(info.Name), info.IsDirectory, info.Size);
                    break;
                }
                case FileSystemContract.Descriptor.Message.List:
                {
                    client.ReceiveList(out ExArray<char> path, out int index);
                    List<FatEntryInfo> entries = fs.List(Text(path));
                    if (index < 0) throw new FileSystemException(FileSystemError.InvalidArgument, "negative index");
                    if (index >= entries.Count) client.SendEndOfList();
                    else client.SendEntry(Chars(entries[index].Name), entries[index].IsDirectory, entries[index].Size);
                    break;
                }
            }
        }
        catch (FileSystemException e)
        {
            client.SendFailed((int)e.Error);
        }
    }

    private static FatFile File(List<FatFile> files, int handle)
    {
        if (handle < 0 || handle >= files.Count || files[handle] is null)
            throw new FileSystemException(FileSystemError.Closed, "no open file has handle " + handle.ToString());
        return files[handle];
    }

    /// <summary>A path from the client, freed once read.</summary>
    private static string Text(ExArray<char> chars)
    {
        string text = new string(chars.Span);
        chars.Free();
        return text;
    }

    private static ExArray<char> Chars(string text)
    {
        var chars = ExArray<char>.Allocate(text.Length);
        for (int i = 0; i < text.Length; i++) chars[i] = text[i];
        return chars;
    }
}
