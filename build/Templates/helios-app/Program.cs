// A Helios app: Main runs on the process's main thread; what it returns is the process's exit code.
// Run it with: dotnet run -- --arch x86_64 -- some arguments
using System;

namespace HeliosApp
{
    public static class Program
    {
        public static int Main(string[] args)
        {
            Console.WriteLine($"Hello from HeliosApp, with {args.Length} argument(s)!");
            return args.Length;
        }
    }
}
