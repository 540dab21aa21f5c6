// cp: copies a file inside the file system service at /fs (`./helios boot --disk d.img --run cp -- /sub/a.bin
// /copy.bin`), through one buffer lent back and forth; a destination that is a directory gets the source's name in
// it; an existing destination file is replaced. The copy is on the disk when cp exits (it flushes). Exit 0, 1 with a
// message on stderr, 2 for a usage error.
using System;
using Helios.Apps.FileTools;
using Helios.Channels;
using Helios.Services.Fat32;

public static class Program
{
    public static int Main(string[] args)
    {
        if (args.Length != 2)
        {
            Console.Error.WriteLine("cp: usage: cp SOURCE DESTINATION");
            return 2;
        }
        FileSystemClient fs = FileSystemClient.Connect("cp");
        if (fs is null) return 1;
        var buffer = ExArray<byte>.Allocate(FileSystemClient.BufferSize);
        int result = 0;
        try { Copy(fs, args[0], args[1], ref buffer); }
        catch (FileSystemException e)
        {
            Console.Error.WriteLine("cp: " + e.Message);
            result = 1;
        }
        buffer.Free();
        fs.Close();
        return result;
    }

    private static void Copy(FileSystemClient fs, string source, string destination, ref ExArray<byte> buffer)
    {
        FileSystemClient.Entry from = fs.Stat(source);
        if (from.IsDirectory) throw new FileSystemException(FileSystemError.IsADirectory, source + ": is a directory (cp copies files)");
        if (IsDirectory(fs, destination)) destination = destination.TrimEnd('/') + "/" + from.Name;
        int input = fs.Open(source, 0, out long _);
        int output = fs.Open(destination, 2, out long _);
        long offset = 0;
        while (true)
        {
            int count = fs.Read(source, input, ref buffer, offset);
            if (count == 0) break;
            fs.Write(destination, output, ref buffer, count, offset);
            offset += count;
        }
        fs.CloseFile(destination, output);
        fs.CloseFile(source, input);
        fs.Flush();
    }

    private static bool IsDirectory(FileSystemClient fs, string path)
    {
        if (path == "/") return true;
        try { return fs.Stat(path).IsDirectory; }
        catch (FileSystemException e) when (e.Error == FileSystemError.NotFound) { return false; }
    }
}
