// cat: writes the files named, one after the other, from the file system service at /fs to stdout
// (`./helios boot --disk d.img --run cat -- /notes.txt`). Their bytes are read as UTF-8 (the standard pipes carry
// text); a sequence cut between two reads is kept for the next. Exit 0, 1 with a message on stderr for a file it
// cannot read, 2 without a file.
using System;
using System.Buffers;
using System.Text.Unicode;
using Helios.Apps.FileTools;
using Helios.Channels;
using Helios.Services.Fat32;

public static class Program
{
    public static int Main(string[] args)
    {
        if (args.Length == 0)
        {
            Console.Error.WriteLine("cat: usage: cat PATH...");
            return 2;
        }
        FileSystemClient fs = FileSystemClient.Connect("cat");
        if (fs is null) return 1;
        var buffer = ExArray<byte>.Allocate(FileSystemClient.BufferSize);
        int result = 0;
        foreach (string path in args)
        {
            try { Copy(fs, path, ref buffer); }
            catch (FileSystemException e)
            {
                Console.Error.WriteLine("cat: " + e.Message);
                result = 1;
            }
        }
        buffer.Free();
        fs.Close();
        return result;
    }

    private static void Copy(FileSystemClient fs, string path, ref ExArray<byte> buffer)
    {
        int handle = fs.Open(path, 0, out long _);
        var bytes = new byte[FileSystemClient.BufferSize + 4];
        var chars = new char[FileSystemClient.BufferSize + 4];
        int kept = 0;
        long offset = 0;
        while (true)
        {
            int count = fs.Read(path, handle, ref buffer, offset);
            offset += count;
            buffer.Span.Slice(0, count).CopyTo(bytes.AsSpan(kept));
            int have = kept + count;
            Utf8.ToUtf16(bytes.AsSpan(0, have), chars, out int used, out int written, replaceInvalidSequences: true, isFinalBlock: count == 0);
            if (written > 0) Console.Write(new string(chars, 0, written));
            kept = have - used;
            bytes.AsSpan(used, kept).CopyTo(bytes);
            if (count == 0) break;
        }
        fs.CloseFile(path, handle);
    }
}
