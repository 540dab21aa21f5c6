// The first Helios app: prints its arguments and returns their count as its exit code.
using System;

namespace Hello
{
    public static class Program
    {
        public static int Main(string[] args)
        {
            Console.WriteLine($"hello from a process: {args.Length} argument(s)");
            for (int i = 0; i < args.Length; i++)
                Console.WriteLine($"  args[{i}] = {args[i]}");
            return args.Length;
        }
    }
}
