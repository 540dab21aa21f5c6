// fsstress: a test client of the file system service at /fs (tests/Kernel/Processes/DiskFileSystemTests.cs), writing
// the files FsStressWorkload decides from a seed through one 16 KiB buffer lent back and forth:
// - `fsstress write ROOT FILES SEED`: writes the files, then reads every one back and checks its bytes, lists every
//   directory and checks its names and sizes, and flushes. Exit 0, or 1 with what was wrong.
// - `fsstress churn ROOT SEED`: writes files 0, 1, 2, ... flushing after each and printing "flushed N", and "midway N"
//   once file N has more than 768 KiB written (three times fatfs's sector cache: some of it has been evicted to the
//   disk), until the service goes away (the test kills it then); then exit 1 saying so (3 if it never did, after
//   2,000 files).
// - `fsstress survey ROOT SEED`: after a churn, on the restarted service: lists ROOT; every file but the newest must
//   be there with its exact bytes (each was flushed before the next was created); the newest, the one being written
//   when the service died, may be anything, and is reported. Prints "survey: N intact"; exit 0, or 1.
using System;
using Helios.Apps.FileTools;
using Helios.Apps.FsStress;
using Helios.Channels;
using Helios.Services.Fat32;

public static class Program
{
    private const int ChurnLimit = 2000;
    private const int Midway = 768 * 1024;

    public static int Main(string[] args)
    {
        if (args.Length < 3 || (args[0] == "write" && args.Length != 4))
        {
            Console.Error.WriteLine("fsstress: usage: fsstress write ROOT FILES SEED | churn ROOT SEED | survey ROOT SEED");
            return 2;
        }
        FileSystemClient fs = FileSystemClient.Connect("fsstress");
        if (fs is null) return 1;
        var buffer = ExArray<byte>.Allocate(FileSystemClient.BufferSize);
        string root = args[1];
        ulong seed = ulong.Parse(args[args.Length - 1]);
        int result;
        try
        {
            result = args[0] switch
            {
                "write" => WriteAll(fs, root, int.Parse(args[2]), seed, ref buffer),
                "churn" => Churn(fs, root, seed, ref buffer),
                "survey" => Survey(fs, root, seed, ref buffer),
                _ => Usage(args[0]),
            };
        }
        catch (FileSystemException e)
        {
            Console.WriteLine("fsstress: " + e.Message);
            result = 1;
        }
        try { buffer.Free(); }
        catch (UseAfterSendException) { }   // the churn's service died while the buffer was lent to it: it went with it
        fs.Close();
        return result;
    }

    private static int Usage(string mode)
    {
        Console.Error.WriteLine("fsstress: unknown mode " + mode);
        return 2;
    }

    private static int WriteAll(FileSystemClient fs, string root, int files, ulong seed, ref ExArray<byte> buffer)
    {
        fs.MakeDirectory(root);
        long total = 0;
        for (int i = 0; i < files; i++)
        {
            if (i % FsStressWorkload.FilesPerDirectory == 0) fs.MakeDirectory(FsStressWorkload.Directory(root, i));
            total += Write(fs, root, i, seed, ref buffer);
        }
        Console.WriteLine("fsstress: wrote " + files.ToString() + " files, " + total.ToString() + " bytes");
        for (int i = 0; i < files; i++)
        {
            string wrong = Check(fs, root, i, seed, ref buffer);
            if (wrong != null)
            {
                Console.WriteLine("fsstress: " + wrong);
                return 1;
            }
        }
        for (int d = 0; d * FsStressWorkload.FilesPerDirectory < files; d++)
        {
            int first = d * FsStressWorkload.FilesPerDirectory;
            int expected = Math.Min(FsStressWorkload.FilesPerDirectory, files - first);
            string directory = FsStressWorkload.Directory(root, first);
            int seen = 0;
            for (int index = 0; ; index++)
            {
                FileSystemClient.Entry entry = fs.List(directory, index);
                if (entry is null) break;
                int n = FsStressWorkload.Number(entry.Name);
                if (n < first || n >= first + expected || entry.IsDirectory || entry.Size != FsStressWorkload.Size(seed, n))
                {
                    Console.WriteLine("fsstress: " + directory + " lists " + entry.Name + " (" + entry.Size.ToString() + " bytes), not one of its files");
                    return 1;
                }
                seen++;
            }
            if (seen != expected)
            {
                Console.WriteLine("fsstress: " + directory + " lists " + seen.ToString() + " files, not " + expected.ToString());
                return 1;
            }
        }
        fs.Flush();
        Console.WriteLine("fsstress: read back and listed " + files.ToString() + " files, " + total.ToString() + " bytes, all exact");
        return 0;
    }

    private static int Churn(FileSystemClient fs, string root, ulong seed, ref ExArray<byte> buffer)
    {
        int written = 0;
        try
        {
            fs.MakeDirectory(root);
            for (; written < ChurnLimit; written++)
            {
                if (written % FsStressWorkload.FilesPerDirectory == 0) fs.MakeDirectory(FsStressWorkload.Directory(root, written));
                Write(fs, root, written, seed, ref buffer, announceMidway: true);
                fs.Flush();
                Console.WriteLine("flushed " + written.ToString());
            }
        }
        catch (Exception e)
        {
            // Killed mid-request, the service closes the channel: what a client of a dead service sees.
            Console.WriteLine("fsstress: the file service went away after " + written.ToString() + " files: " + e.GetType().Name);
            return 1;
        }
        Console.WriteLine("fsstress: the file service was never stopped");
        return 3;
    }

    private static int Survey(FileSystemClient fs, string root, ulong seed, ref ExArray<byte> buffer)
    {
        int newest = -1, count = 0;
        for (int d = 0; ; d++)
        {
            string directory = FsStressWorkload.Directory(root, d * FsStressWorkload.FilesPerDirectory);
            try { fs.Stat(directory); }
            catch (FileSystemException e) when (e.Error == FileSystemError.NotFound) { break; }
            for (int index = 0; ; index++)
            {
                FileSystemClient.Entry entry = fs.List(directory, index);
                if (entry is null) break;
                int n = FsStressWorkload.Number(entry.Name);
                if (n < 0)
                {
                    Console.WriteLine("fsstress: " + directory + " lists " + entry.Name + ", not one of the churn's files");
                    return 1;
                }
                newest = Math.Max(newest, n);
                count++;
            }
        }
        if (count != newest + 1)
        {
            Console.WriteLine("fsstress: " + count.ToString() + " files listed, but the newest is number " + newest.ToString());
            return 1;
        }
        for (int i = 0; i < newest; i++)
        {
            string wrong = Check(fs, root, i, seed, ref buffer);
            if (wrong != null)
            {
                Console.WriteLine("fsstress: a file flushed before the service died is not intact: " + wrong);
                return 1;
            }
        }
        string last;
        try { last = newest < 0 ? "none" : Check(fs, root, newest, seed, ref buffer) ?? "exact"; }
        catch (FileSystemException e) { last = e.Message; }
        Console.WriteLine("survey: " + (newest < 0 ? 0 : newest).ToString() + " intact; the newest (" + newest.ToString() + "): " + last);
        return 0;
    }

    private static long Write(FileSystemClient fs, string root, int file, ulong seed, ref ExArray<byte> buffer, bool announceMidway = false)
    {
        string path = FsStressWorkload.Path(root, file);
        int size = FsStressWorkload.Size(seed, file);
        var content = new FsStressWorkload.Content(seed, file);
        int handle = fs.Open(path, 2, out long _);
        for (int at = 0; at < size; at += buffer.Length)
        {
            int n = Math.Min(buffer.Length, size - at);
            content.Fill(buffer.Span.Slice(0, n));
            fs.Write(path, handle, ref buffer, n, at);
            if (announceMidway && at < Midway && at + n >= Midway) Console.WriteLine("midway " + file.ToString());
        }
        fs.CloseFile(path, handle);
        return size;
    }

    // Null when the file has its size and bytes; otherwise what differs.
    private static string Check(FileSystemClient fs, string root, int file, ulong seed, ref ExArray<byte> buffer)
    {
        string path = FsStressWorkload.Path(root, file);
        int size = FsStressWorkload.Size(seed, file);
        var content = new FsStressWorkload.Content(seed, file);
        var expected = new byte[buffer.Length];
        int handle = fs.Open(path, 0, out long length);
        string wrong = length != size ? path + " has " + length.ToString() + " bytes, not " + size.ToString() : null;
        long at = 0;
        while (wrong == null)
        {
            int count = fs.Read(path, handle, ref buffer, at);
            if (count == 0) break;
            content.Fill(new Span<byte>(expected, 0, count));
            Span<byte> got = buffer.Span;
            for (int i = 0; i < count; i++)
                if (got[i] != expected[i])
                {
                    wrong = path + ": byte " + (at + i).ToString() + " is " + got[i].ToString() + ", not " + expected[i].ToString();
                    break;
                }
            at += count;
        }
        if (wrong == null && at != size) wrong = path + ": read " + at.ToString() + " bytes, not " + size.ToString();
        fs.CloseFile(path, handle);
        return wrong;
    }
}
