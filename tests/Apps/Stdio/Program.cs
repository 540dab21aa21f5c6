// A process's standard pipes, exercised for tests/Kernel/Processes/StandardPipesTests.cs. The first argument says
// what to do:
//   lines N        N lines "line <i>" on stdout, then "end" with no newline, right before returning
//   streams N      "out <i>" on stdout and "err <i>" on stderr, alternately
//   echo           each line of stdin back on stdout as "echo: <line>", then "lines: <count>"
//   exit           "before exit" with no newline, then Environment.Exit(3)
//   crash          "before crash" on stdout, then an exception nobody catches
//   forever        lines on stdout until killed
using System;

namespace Stdio
{
    public static class Program
    {
        public static int Main(string[] args)
        {
            string mode = args.Length > 0 ? args[0] : "";
            int n = args.Length > 1 ? int.Parse(args[1]) : 0;
            switch (mode)
            {
                case "lines":
                    for (int i = 0; i < n; i++) Console.WriteLine("line " + i.ToString());
                    Console.Write("end");
                    return 0;
                case "streams":
                    for (int i = 0; i < n; i++)
                    {
                        Console.WriteLine("out " + i.ToString());
                        Console.Error.WriteLine("err " + i.ToString());
                    }
                    return 0;
                case "echo":
                    int count = 0;
                    string line;
                    while ((line = Console.ReadLine()) is not null)
                    {
                        Console.WriteLine("echo: " + line);
                        count++;
                    }
                    Console.WriteLine("lines: " + count.ToString());
                    return 0;
                case "exit":
                    Console.Write("before exit");
                    Environment.Exit(3);
                    return 1;
                case "crash":
                    Console.WriteLine("before crash");
                    throw new InvalidOperationException("crashed on purpose");
                case "forever":
                    for (long i = 0; ; i++) Console.WriteLine("forever " + i.ToString() + " and a line long enough to fill buffers quickly");
                default:
                    Console.Error.WriteLine("stdio: unknown mode '" + mode + "'");
                    return 2;
            }
        }
    }
}
