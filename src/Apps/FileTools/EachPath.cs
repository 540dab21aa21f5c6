// What mkdir and rm share: one operation on each path named, in order, then a flush, so that what succeeded is on the
// disk when the tool exits. A path that fails is reported on stderr and the others still go ahead. Exit 0, 1 when
// any failed (the flush included), 2 without a path.
using System;
using Helios.Services.Fat32;

namespace Helios.Apps.FileTools
{
    public static class EachPath
    {
        public static int Apply(string tool, string[] paths, Action<FileSystemClient, string> operation)
        {
            if (paths.Length == 0)
            {
                Console.Error.WriteLine(tool + ": usage: " + tool + " PATH...");
                return 2;
            }
            FileSystemClient fs = FileSystemClient.Connect(tool);
            if (fs is null) return 1;
            int result = 0;
            foreach (string path in paths)
                if (!Try(tool, () => operation(fs, path))) result = 1;
            if (!Try(tool, fs.Flush)) result = 1;
            fs.Close();
            return result;
        }

        private static bool Try(string tool, Action step)
        {
            try
            {
                step();
                return true;
            }
            catch (FileSystemException e)
            {
                Console.Error.WriteLine(tool + ": " + e.Message);
                return false;
            }
        }
    }
}
