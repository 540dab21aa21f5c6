// rm: deletes files and empty directories in the file system service at /fs (`./helios boot --disk d.img --run rm --
// /copy.bin`); they are gone from the disk when rm exits (it flushes). Exit 0, 1 with a message on stderr for one it
// cannot delete (the others are still deleted), 2 without a path.
using System;
using Helios.Apps.FileTools;
using Helios.Services.Fat32;

public static class Program
{
    public static int Main(string[] args)
    {
        if (args.Length == 0)
        {
            Console.Error.WriteLine("rm: usage: rm PATH...");
            return 2;
        }
        FileSystemClient fs = FileSystemClient.Connect("rm");
        if (fs is null) return 1;
        int result = 0;
        foreach (string path in args)
        {
            try { fs.Delete(path); }
            catch (FileSystemException e)
            {
                Console.Error.WriteLine("rm: " + e.Message);
                result = 1;
            }
        }
        try { fs.Flush(); }
        catch (FileSystemException e)
        {
            Console.Error.WriteLine("rm: " + e.Message);
            result = 1;
        }
        fs.Close();
        return result;
    }
}
