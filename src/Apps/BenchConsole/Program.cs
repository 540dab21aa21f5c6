// process_console_line's process: writes as many short lines with Console.WriteLine as its argument says. The kernel
// times whole runs with and without the lines; the difference per line is the figure.
using System;

namespace BenchConsole
{
    public static class Program
    {
        public static int Main(string[] args)
        {
            int lines = args.Length > 0 ? int.Parse(args[0]) : 0;
            for (int i = 0; i < lines; i++) Console.WriteLine("a short line");
            return 0;
        }
    }
}
