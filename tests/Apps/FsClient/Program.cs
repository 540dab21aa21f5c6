// A client of the FAT32 file system service (tests/Kernel/Channels/ProcessServiceTests.cs): `fsclient <path>` binds
// the service at path, makes a directory, writes a 50,000-byte file with a long name in 16 KiB pieces through one
// buffer that goes back and forth, reads it back, checks the errors of a missing and an existing file, stats, lists,
// renames, truncates, deletes and flushes. Exit 0, or 1 with what was wrong.
using Helios.Channels;
using Helios.Contracts;
using Helios.Services.Fat32;

public static class Program
{
    private const int Length = 50_000;
    private const string LongName = "/docs/A file with a long name.bin";

    public static int Main(string[] args)
    {
        FileSystemContract.NewChannel(out FileSystemContract.Imp fs, out FileSystemContract.Exp exporter);
        ServiceNamespace.Bind(args.Length > 0 ? args[0] : "/fs", FileSystemContract.Info, exporter.Handle);
        string wrong = Run(fs);
        fs.Close();
        if (wrong != null)
        {
            System.Console.WriteLine(wrong);
            return 1;
        }
        System.Console.WriteLine("wrote, read back, listed, renamed, truncated and deleted through the file system service");
        return 0;
    }

    private static string Run(FileSystemContract.Imp fs)
    {
        fs.SendMakeDirectory(Chars("/docs"));
        if (Result(fs) is int e1) return "MakeDirectory failed: " + Name(e1);

        fs.SendOpen(Chars(LongName), 1);
        if (fs.WaitNext() != FileSystemContract.Descriptor.Message.Opened) return "Open (create) failed: " + Name(Failure(fs));
        fs.ReceiveOpened(out int handle, out long length);
        if (length != 0) return "a new file has " + length.ToString() + " bytes";
        var buffer = ExArray<byte>.Allocate(16 * 1024);
        for (int at = 0; at < Length; at += buffer.Length)
        {
            int n = System.Math.Min(buffer.Length, Length - at);
            for (int i = 0; i < n; i++) buffer[i] = Byte(at + i);
            fs.SendWrite(handle, buffer, n, at);     // the buffer is the service's until WriteDone brings it back
            if (fs.WaitNext() != FileSystemContract.Descriptor.Message.WriteDone) return "Write failed";
            fs.ReceiveWriteDone(out buffer);
        }
        fs.SendClose(handle);
        if (Result(fs) is int e2) return "Close failed: " + Name(e2);

        fs.SendOpen(Chars(LongName.ToUpperInvariant()), 0);   // names match ignoring case
        if (fs.WaitNext() != FileSystemContract.Descriptor.Message.Opened) return "Open failed: " + Name(Failure(fs));
        fs.ReceiveOpened(out handle, out length);
        if (length != Length) return "the file has " + length.ToString() + " bytes";
        long read = 0;
        while (true)
        {
            fs.SendRead(handle, buffer, read);
            if (fs.WaitNext() != FileSystemContract.Descriptor.Message.ReadDone) return "Read failed";
            fs.ReceiveReadDone(out buffer, out int count);
            if (count == 0) break;
            for (int i = 0; i < count; i++)
                if (buffer[i] != Byte((int)read + i)) return "byte " + (read + i).ToString() + " differs";
            read += count;
        }
        if (read != Length) return "read " + read.ToString() + " bytes";
        fs.SendSetLength(handle, 1000);
        if (Result(fs) is int e3) return "SetLength failed: " + Name(e3);
        fs.SendClose(handle);
        if (Result(fs) is int e4) return "Close failed: " + Name(e4);
        fs.SendRead(handle, buffer, 0);                      // a closed handle: the buffer comes back with the error
        if (fs.WaitNext() != FileSystemContract.Descriptor.Message.BufferFailed) return "a closed handle read";
        fs.ReceiveBufferFailed(out buffer, out int closed);
        if (closed != (int)FileSystemError.Closed) return "a closed handle gave " + Name(closed);
        buffer.Free();

        fs.SendOpen(Chars("/missing.txt"), 0);
        if (Failure(fs) != (int)FileSystemError.NotFound) return "a missing file did not fail with NotFound";
        fs.SendOpen(Chars(LongName), 1);
        if (Failure(fs) != (int)FileSystemError.AlreadyExists) return "creating an existing file did not fail with AlreadyExists";

        fs.SendStat(Chars("/docs"));
        if (fs.WaitNext() != FileSystemContract.Descriptor.Message.Entry) return "Stat failed";
        fs.ReceiveEntry(out ExArray<char> statName, out bool isDirectory, out long _);
        statName.Free();
        if (!isDirectory) return "/docs is not a directory";
        fs.SendList(Chars("/docs"), 0);
        if (fs.WaitNext() != FileSystemContract.Descriptor.Message.Entry) return "List failed";
        fs.ReceiveEntry(out ExArray<char> listed, out bool listedIsDirectory, out long size);
        string name = Text(listed);
        if (name != "A file with a long name.bin" || listedIsDirectory || size != 1000) return "List gave " + name + " of " + size.ToString() + " bytes";
        fs.SendList(Chars("/docs"), 1);
        if (fs.WaitNext() != FileSystemContract.Descriptor.Message.EndOfList) return "List went on";
        fs.ReceiveEndOfList();

        fs.SendDelete(Chars("/docs"));
        if (Failure(fs) != (int)FileSystemError.DirectoryNotEmpty) return "deleting a full directory did not fail with DirectoryNotEmpty";
        fs.SendRename(Chars(LongName), Chars("/renamed.bin"));
        if (Result(fs) is int e5) return "Rename failed: " + Name(e5);
        fs.SendDelete(Chars("/docs"));
        if (Result(fs) is int e6) return "Delete failed: " + Name(e6);
        fs.SendFlush();
        if (Result(fs) is int e7) return "Flush failed: " + Name(e7);
        fs.SendList(Chars("/"), 0);
        if (fs.WaitNext() != FileSystemContract.Descriptor.Message.Entry) return "List / failed";
        fs.ReceiveEntry(out ExArray<char> only, out bool _, out long onlySize);
        string onlyName = Text(only);
        if (onlyName != "renamed.bin" || onlySize != 1000) return "/ holds " + onlyName;
        return null;
    }

    private static byte Byte(int i) => (byte)(i * 7 + (i >> 8));

    /// <summary>Null for Done, the error for Failed.</summary>
    private static int? Result(FileSystemContract.Imp fs)
    {
        if (fs.WaitNext() == FileSystemContract.Descriptor.Message.Done)
        {
            fs.ReceiveDone();
            return null;
        }
        return Failure(fs);
    }

    private static int Failure(FileSystemContract.Imp fs)
    {
        if (fs.WaitNext() != FileSystemContract.Descriptor.Message.Failed) return -1;
        fs.ReceiveFailed(out int error);
        return error;
    }

    private static string Name(int error) => error < 0 ? "no Failed" : ((FileSystemError)error).ToString();

    private static ExArray<char> Chars(string text)
    {
        var chars = ExArray<char>.Allocate(text.Length);
        for (int i = 0; i < text.Length; i++) chars[i] = text[i];
        return chars;
    }

    private static string Text(ExArray<char> chars)
    {
        string text = new string(chars.Span);
        chars.Free();
        return text;
    }
}
