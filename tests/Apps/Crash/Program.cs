// Dies the way its first argument says, to show that a fault in a process kills that process only
// (tests/Kernel/Processes, tests/Helios.Tests/InKernel/ProcessBootTests.cs). "caught" survives a fault it catches;
// "spin" runs until it is killed.
using System;
using System.Collections.Generic;

namespace Crash
{
    public static class Program
    {
        private sealed class Node
        {
            public int Value;
            public Node Next;
        }

        public static int Main(string[] args)
        {
            string how = args.Length > 0 ? args[0] : "";
            Console.WriteLine("crashing by " + how);
            switch (how)
            {
                case "null":
                    return Walk(new Node { Value = 1, Next = null }, args.Length + 1);
                case "index":
                    var three = new int[3];
                    return three[args.Length + 2];
                case "cast":
                    return ((Node)Pick(args)).Value;
                case "stack":
                    return Recurse(args.Length);
                case "divide":
                    return 100 / (args.Length - 1);
                case "overflow":
                    return checked(int.MaxValue - 1 + args.Length * 2);
                case "failfast":
                    Environment.FailFast("the crash app gave up");
                    return 1;
                case "oom":
                    var hoard = new List<byte[]>();
                    while (true) hoard.Add(new byte[64 * 1024]);
                case "throw":
                    throw new InvalidOperationException("nobody catches this");
                case "spin":
                    // Never ends by itself: something must kill it.
                    ulong spins = 0;
                    while (args.Length > 0) spins++;
                    return (int)spins;
                case "caught":
                    try
                    {
                        return Walk(new Node { Value = 1, Next = null }, args.Length + 1);
                    }
                    catch (NullReferenceException)
                    {
                        Console.WriteLine("caught the null dereference; going on");
                        return 0;
                    }
                default:
                    Console.WriteLine("usage: crash null|index|cast|stack|divide|overflow|failfast|oom|throw|spin|caught");
                    return 2;
            }
        }

        // Follows Next count times: the second step dereferences null.
        private static int Walk(Node node, int count)
        {
            int sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += node.Value;
                node = node.Next;
            }
            return sum;
        }

        private static object Pick(string[] args) => args.Length > 0 ? args[0] : null;

        private static int Recurse(int depth) => Recurse(depth + 1) + depth;
    }
}
