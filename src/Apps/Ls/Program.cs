// ls: lists directories of the file system service at /fs, one name a line, a directory's with a trailing "/"
// (`./helios boot --disk d.img --run ls -- /sub`); a file's path prints its name. No path: the root. Exit 0, 1 with
// a message on stderr when a path is not there (the others are still listed), or when there is no file system.
using System;
using Helios.Apps.FileTools;
using Helios.Services.Fat32;

public static class Program
{
    public static int Main(string[] args)
    {
        FileSystemClient fs = FileSystemClient.Connect("ls");
        if (fs is null) return 1;
        string[] paths = args.Length == 0 ? new[] { "/" } : args;
        int result = 0;
        foreach (string path in paths)
        {
            try
            {
                FileSystemClient.Entry entry = path == "/" ? null : fs.Stat(path);
                if (entry is not null && !entry.IsDirectory)
                {
                    Console.WriteLine(entry.Name);
                    continue;
                }
                if (paths.Length > 1) Console.WriteLine(path + ":");
                for (int i = 0; (entry = fs.List(path, i)) is not null; i++)
                    Console.WriteLine(entry.IsDirectory ? entry.Name + "/" : entry.Name);
            }
            catch (FileSystemException e)
            {
                Console.Error.WriteLine("ls: " + e.Message);
                result = 1;
            }
        }
        fs.Close();
        return result;
    }
}
