// mkdir: makes directories in the file system service at /fs (`./helios boot --disk d.img --run mkdir -- /a /a/b`),
// in order, so a parent named first exists for its child; they are on the disk when mkdir exits (it flushes). Exit 0,
// 1 with a message on stderr for one it cannot make (the others are still made), 2 without a path.
using Helios.Apps.FileTools;

public static class Program
{
    public static int Main(string[] args) => EachPath.Apply("mkdir", args, (fs, path) => fs.MakeDirectory(path));
}
