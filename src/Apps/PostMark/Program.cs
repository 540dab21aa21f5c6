// postmark: PostMark (Katcher 1997; Helios §5.3) over the file system service at /fs, then a sequential read of one
// large file (`./helios bench fs`, docs/benchmarking.md). The work is PostMarkWorkload's steps, run in /postmark: each
// file is written with a pattern derived from its number and offset, and every read checks it, so a wrong byte is an
// error, not a figure. One untimed warm-up run, then reps timed runs; a run's figure is its transactions over the
// time of its transaction phase (creating the pool and deleting what is left are not timed, as in PostMark), from
// Stopwatch (the kernel's cycle counter). Everything changed is flushed after each run, outside the timing.
//
// Arguments, each name=value (defaults are PostMark's, scaled down for QEMU): files=100 low=512 high=10000
// transactions=500 seed=42 block=512 (bytes per read or write request, PostMark's default) reps=11 seq-mib=16
// (0: no sequential read) seq-reps=11 seq-block=16384.
// Exit 0, 1 with a message on stderr (a file system error, or a read that found the wrong bytes), 2 for a usage error.
using System;
using System.Diagnostics;
using Helios.Apps.FileTools;
using Helios.Apps.PostMark;
using Helios.Channels;
using Helios.Services.Fat32;

public static class Program
{
    private const string Folder = "/postmark";
    private const string SequentialFile = "/postmark-seq.bin";
    private const int SequentialNumber = 1_000_003;   // the sequential file's pattern number: no PostMark file has it
    private const int MiB = 1024 * 1024;

    public static int Main(string[] args)
    {
        var settings = new Settings();
        if (!settings.Parse(args, out string why))
        {
            Console.Error.WriteLine("postmark: " + why);
            Console.Error.WriteLine("postmark: usage: postmark [files=N] [low=BYTES] [high=BYTES] [transactions=N] [seed=N] [block=BYTES] [reps=N] [seq-mib=N] [seq-reps=N] [seq-block=BYTES]");
            return 2;
        }
        FileSystemClient fs = FileSystemClient.Connect("postmark");
        if (fs is null) return 1;
        int result = 0;
        try
        {
            RunPostMark(fs, settings);
            if (settings.SequentialMiB > 0) RunSequentialRead(fs, settings);
        }
        catch (FileSystemException e)
        {
            Console.Error.WriteLine("postmark: " + e.Message);
            result = 1;
        }
        fs.Close();
        return result;
    }

    private static void RunPostMark(FileSystemClient fs, Settings settings)
    {
        fs.MakeDirectory(Folder);
        var buffer = ExArray<byte>.Allocate(settings.Block);
        var figures = new long[settings.Reps];
        var counts = new Counts();
        try
        {
            for (int run = -1; run < settings.Reps; run++)
            {
                counts = new Counts();
                long ticks = RunOnce(fs, settings, ref buffer, counts);
                if (run >= 0) figures[run] = PerSecond(settings.Transactions, ticks);
            }
        }
        finally { buffer.Free(); }
        fs.Delete(Folder);
        fs.Flush();
        Report("postmark", "tx_per_s", figures,
            " files=" + settings.Files.ToString() + " low=" + settings.Low.ToString() + " high=" + settings.High.ToString()
            + " transactions=" + settings.Transactions.ToString() + " seed=" + settings.Seed.ToString() + " block=" + settings.Block.ToString()
            + " created=" + counts.Created.ToString() + " read=" + counts.Read.ToString() + " appended=" + counts.Appended.ToString()
            + " deleted=" + counts.Deleted.ToString());
    }

    /// <summary>One whole PostMark run; returns the counter ticks of its transaction phase.</summary>
    private static long RunOnce(FileSystemClient fs, Settings settings, ref ExArray<byte> buffer, Counts counts)
    {
        var workload = new PostMarkWorkload(settings.Files, settings.Low, settings.High, settings.Transactions, settings.Seed);
        long started = 0;
        long ended = 0;
        while (workload.Next(out PostMarkStep step))
        {
            // Next has moved the phase on when it returns a phase's first step: the first step not of the pool starts
            // the clock, the first of the cleanup stops it.
            if (started == 0 && workload.Phase != PostMarkPhase.Pool) started = Stopwatch.GetTimestamp();
            if (ended == 0 && workload.Phase == PostMarkPhase.Cleanup) ended = Stopwatch.GetTimestamp();
            Apply(fs, step, ref buffer, counts);
        }
        if (started == 0) started = Stopwatch.GetTimestamp();
        if (ended == 0) ended = Stopwatch.GetTimestamp();
        fs.Flush();
        return ended - started;
    }

    private static void Apply(FileSystemClient fs, PostMarkStep step, ref ExArray<byte> buffer, Counts counts)
    {
        string path = Folder + "/f" + step.File.ToString();
        switch (step.Operation)
        {
            case PostMarkOperation.Create:
            {
                int handle = fs.Open(path, 1, out long _);
                WritePattern(fs, path, handle, step.File, 0, step.Length, ref buffer);
                fs.CloseFile(path, handle);
                counts.Created++;
                break;
            }
            case PostMarkOperation.Append:
            {
                int handle = fs.Open(path, 0, out long length);
                if (length != step.Offset) throw Wrong(path, "is " + length.ToString() + " bytes long, not " + step.Offset.ToString());
                WritePattern(fs, path, handle, step.File, step.Offset, step.Length, ref buffer);
                fs.CloseFile(path, handle);
                counts.Appended++;
                break;
            }
            case PostMarkOperation.Read:
            {
                int handle = fs.Open(path, 0, out long length);
                if (length != step.Length) throw Wrong(path, "is " + length.ToString() + " bytes long, not " + step.Length.ToString());
                long read = ReadChecked(fs, path, handle, step.File, ref buffer, check: true);
                if (read != step.Length) throw Wrong(path, "gave " + read.ToString() + " bytes, not " + step.Length.ToString());
                fs.CloseFile(path, handle);
                counts.Read++;
                break;
            }
            case PostMarkOperation.Delete:
                fs.Delete(path);
                counts.Deleted++;
                break;
        }
    }

    private static void WritePattern(FileSystemClient fs, string path, int handle, int file, int offset, int length, ref ExArray<byte> buffer)
    {
        int done = 0;
        while (done < length)
        {
            int count = Math.Min(buffer.Length, length - done);
            // Through the span: each ExArray index asks the kernel for the array's memory (a handle, checked).
            Span<byte> bytes = buffer.Span;
            for (int i = 0; i < count; i++) bytes[i] = PostMarkWorkload.Pattern(file, offset + done + i);
            fs.Write(path, handle, ref buffer, count, offset + done);
            done += count;
        }
    }

    /// <summary>Reads the file from its start to its end: the bytes read, each checked against the pattern when asked.</summary>
    private static long ReadChecked(FileSystemClient fs, string path, int handle, int file, ref ExArray<byte> buffer, bool check)
    {
        long offset = 0;
        while (true)
        {
            int count = fs.Read(path, handle, ref buffer, offset);
            if (count == 0) return offset;
            if (check)
            {
                ReadOnlySpan<byte> bytes = buffer.Span;
                for (int i = 0; i < count; i++)
                    if (bytes[i] != PostMarkWorkload.Pattern(file, (int)(offset + i)))
                        throw Wrong(path, "holds the wrong byte at offset " + (offset + i).ToString());
            }
            offset += count;
        }
    }

    /// <summary>seq_read_&lt;n&gt;m: one file of seq-mib MiB written once, then read from start to end: a warm-up read
    /// that checks every byte, then seq-reps timed reads that do not (the check would cost as much as the read).</summary>
    private static void RunSequentialRead(FileSystemClient fs, Settings settings)
    {
        var buffer = ExArray<byte>.Allocate(settings.SequentialBlock);
        long size = (long)settings.SequentialMiB * MiB;
        var figures = new long[settings.SequentialReps];
        var kibFigures = new long[settings.SequentialReps];   // the same in KiB/s: whole MiB/s are coarse on a slow disk
        try
        {
            int handle = fs.Open(SequentialFile, 2, out long _);
            for (long offset = 0; offset < size; offset += buffer.Length)
            {
                int count = (int)Math.Min(buffer.Length, size - offset);
                Span<byte> bytes = buffer.Span;
                for (int i = 0; i < count; i++) bytes[i] = PostMarkWorkload.Pattern(SequentialNumber, (int)(offset + i));
                fs.Write(SequentialFile, handle, ref buffer, count, offset);
            }
            fs.CloseFile(SequentialFile, handle);
            fs.Flush();
            for (int run = -1; run < settings.SequentialReps; run++)
            {
                handle = fs.Open(SequentialFile, 0, out long _);
                // Every read from the disk, as Linux's side drops the file's pages first (posix_fadvise).
                fs.DropCache(SequentialFile, handle);
                long started = Stopwatch.GetTimestamp();
                long read = ReadChecked(fs, SequentialFile, handle, SequentialNumber, ref buffer, check: run < 0);
                long ticks = Stopwatch.GetTimestamp() - started;
                fs.CloseFile(SequentialFile, handle);
                if (read != size) throw Wrong(SequentialFile, "gave " + read.ToString() + " bytes, not " + size.ToString());
                if (run >= 0)
                {
                    figures[run] = PerSecond(settings.SequentialMiB, ticks);
                    kibFigures[run] = PerSecond(settings.SequentialMiB * 1024L, ticks);
                }
            }
        }
        finally { buffer.Free(); }
        fs.Delete(SequentialFile);
        fs.Flush();
        Array.Sort(kibFigures);
        Report("seq_read_" + settings.SequentialMiB.ToString() + "m", "mib_per_s", figures, " block=" + settings.SequentialBlock.ToString()
            + " kib_per_s=" + kibFigures[(kibFigures.Length - 1) / 2].ToString() + " kib_per_s_min=" + kibFigures[0].ToString());
    }

    /// <summary>count things done in ticks of the counter, per second, rounded to the nearest whole number.</summary>
    private static long PerSecond(long count, long ticks)
    {
        if (ticks <= 0) ticks = 1;
        return (count * Stopwatch.Frequency + ticks / 2) / ticks;
    }

    // The methodology's line (docs/benchmarking.md): the median (the lower middle one for an even count) and the
    // smallest figure. For a rate the smallest is the slowest run.
    private static void Report(string name, string unit, long[] figures, string extra)
    {
        Array.Sort(figures);
        long median = figures[(figures.Length - 1) / 2];
        Console.WriteLine("RESULT name=" + name + " unit=" + unit + " median=" + median.ToString() + " min=" + figures[0].ToString()
            + " iters=" + figures.Length.ToString() + extra);
    }

    private static FileSystemException Wrong(string path, string what)
        => new FileSystemException(FileSystemError.Corrupt, path + ": " + what + " (PostMark wrote it otherwise)");

    private sealed class Counts
    {
        public int Created;
        public int Read;
        public int Appended;
        public int Deleted;
    }

    private sealed class Settings
    {
        public int Files = 100;
        public int Low = 512;
        public int High = 10000;
        public int Transactions = 500;
        public ulong Seed = 42;
        public int Block = 512;
        public int Reps = 11;
        public int SequentialMiB = 16;
        public int SequentialReps = 11;
        public int SequentialBlock = 16384;

        public bool Parse(string[] args, out string why)
        {
            foreach (string arg in args)
            {
                int equals = arg.IndexOf('=');
                if (equals <= 0)
                {
                    why = "'" + arg + "' is not name=value";
                    return false;
                }
                string name = arg.Substring(0, equals);
                if (!ulong.TryParse(arg.Substring(equals + 1), out ulong value) || value > int.MaxValue)
                {
                    why = name + ": '" + arg.Substring(equals + 1) + "' is not a whole number";
                    return false;
                }
                int number = (int)value;
                switch (name)
                {
                    case "files": Files = number; break;
                    case "low": Low = number; break;
                    case "high": High = number; break;
                    case "transactions": Transactions = number; break;
                    case "seed": Seed = value; break;
                    case "block": Block = number; break;
                    case "reps": Reps = number; break;
                    case "seq-mib": SequentialMiB = number; break;
                    case "seq-reps": SequentialReps = number; break;
                    case "seq-block": SequentialBlock = number; break;
                    default:
                        why = "unknown setting '" + name + "'";
                        return false;
                }
            }
            why = High < Low ? "high is below low"
                : Block < 1 || Block > FileSystemClient.BufferSize * 4 || SequentialBlock < 1 || SequentialBlock > FileSystemClient.BufferSize * 4 ? "block sizes must be 1 to 65536 bytes"
                : Reps < 1 || SequentialReps < 1 ? "reps must be at least 1"
                : Transactions < 1 ? "transactions must be at least 1"
                : SequentialMiB > 1024 ? "seq-mib is at most 1024" : null;
            return why is null;
        }
    }
}
