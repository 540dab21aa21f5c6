// abi_call's process: asks the kernel for its process id as many times as its argument says, as Linux's getpid case
// does. The kernel times whole runs with and without the calls; the difference per call is the figure.
using System;

namespace BenchAbi
{
    public static class Program
    {
        public static int Main(string[] args)
        {
            int calls = args.Length > 0 ? int.Parse(args[0]) : 0;
            int sum = 0;
            for (int i = 0; i < calls; i++) sum += Environment.ProcessId;
            return sum == calls * Environment.ProcessId ? 0 : 1;
        }
    }
}
