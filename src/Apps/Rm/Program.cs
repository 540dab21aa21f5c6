// rm: deletes files and empty directories in the file system service at /fs (`./helios boot --disk d.img --run rm --
// /copy.bin`); they are gone from the disk when rm exits (it flushes). Exit 0, 1 with a message on stderr for one it
// cannot delete (the others are still deleted), 2 without a path.
using Helios.Apps.FileTools;

public static class Program
{
    public static int Main(string[] args) => EachPath.Apply("rm", args, (fs, path) => fs.Delete(path));
}
