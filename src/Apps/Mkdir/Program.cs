// mkdir: makes directories in the file system service at /fs (`./helios boot --disk d.img --run mkdir -- /a /a/b`),
// in order, so a parent named first exists for its child; they are on the disk when mkdir exits (it flushes). Exit 0,
// 1 with a message on stderr for one it cannot make (the others are still made), 2 without a path.
using System;
using Helios.Apps.FileTools;
using Helios.Services.Fat32;

public static class Program
{
    public static int Main(string[] args)
    {
        if (args.Length == 0)
        {
            Console.Error.WriteLine("mkdir: usage: mkdir PATH...");
            return 2;
        }
        FileSystemClient fs = FileSystemClient.Connect("mkdir");
        if (fs is null) return 1;
        int result = 0;
        foreach (string path in args)
        {
            try { fs.MakeDirectory(path); }
            catch (FileSystemException e)
            {
                Console.Error.WriteLine("mkdir: " + e.Message);
                result = 1;
            }
        }
        try { fs.Flush(); }
        catch (FileSystemException e)
        {
            Console.Error.WriteLine("mkdir: " + e.Message);
            result = 1;
        }
        fs.Close();
        return result;
    }
}
