// Allocates far more than its heap limit (manifests/churn.manifest.xml: 2 MiB) in short-lived objects while keeping a
// linked structure alive the whole time, then checks the structure: only a collector that frees the garbage and
// keeps every live object intact lets it finish. Argument: how many MiB to allocate in all (default 256).
using System;
using System.Collections.Generic;

namespace Churn
{
    public static class Program
    {
        private sealed class Node
        {
            public int Index;
            public long Check;
            public byte[] Payload;
            public string Label;
            public Node Next;
        }

        public static int Main(string[] args)
        {
            long total = (args.Length > 0 ? long.Parse(args[0]) : 256) << 20;
            const int liveCount = 2000;

            // The live structure: a list of nodes, each with its own payload and label, about 300 KiB in all.
            Node head = null;
            for (int i = liveCount - 1; i >= 0; i--)
                head = new Node { Index = i, Payload = Fill(new byte[40 + i % 64], i), Label = "node " + i.ToString(), Next = head, Check = Sum(i) };

            // The churn: short-lived arrays, strings and lists, and now and then a node swapped into the structure.
            long allocated = 0;
            int round = 0;
            uint random = 12345;
            while (allocated < total)
            {
                var scratch = new List<object>();
                for (int i = 0; i < 64; i++)
                {
                    int size = 16 + Next(ref random, 512);
                    scratch.Add(new byte[size]);
                    scratch.Add(round.ToString() + ":" + i.ToString());
                    allocated += size + 64;
                }
                if (round % 97 == 0) Replace(head, Next(ref random, liveCount));
                round++;
            }

            int checkedNodes = 0;
            for (Node node = head; node is not null; node = node.Next, checkedNodes++)
            {
                if (node.Index != checkedNodes || node.Check != Sum(node.Index) || node.Label != "node " + node.Index.ToString()
                    || node.Payload.Length != 40 + node.Index % 64 || !Holds(node.Payload, node.Index))
                {
                    Console.WriteLine("churn: node " + checkedNodes.ToString() + " is damaged");
                    return 1;
                }
            }
            if (checkedNodes != liveCount)
            {
                Console.WriteLine("churn: " + checkedNodes.ToString() + " nodes, expected " + liveCount.ToString());
                return 1;
            }
            Console.WriteLine("churn: allocated " + (allocated >> 20).ToString() + " MiB in " + round.ToString() + " rounds; all "
                + liveCount.ToString() + " live nodes check out");
            return 0;
        }

        // A fresh copy of node index replaces the old one in the list, which becomes garbage.
        private static void Replace(Node head, int index)
        {
            Node previous = null, node = head;
            while (node.Index != index) { previous = node; node = node.Next; }
            var copy = new Node { Index = index, Payload = Fill(new byte[node.Payload.Length], index), Label = "node " + index.ToString(), Next = node.Next, Check = Sum(index) };
            if (previous is not null) previous.Next = copy;
            else head.Payload = copy.Payload;       // the head stays the head: its payload is renewed instead
        }

        private static byte[] Fill(byte[] bytes, int seed)
        {
            for (int i = 0; i < bytes.Length; i++) bytes[i] = (byte)(seed * 31 + i);
            return bytes;
        }

        private static bool Holds(byte[] bytes, int seed)
        {
            for (int i = 0; i < bytes.Length; i++)
                if (bytes[i] != (byte)(seed * 31 + i)) return false;
            return true;
        }

        private static long Sum(int index) => (long)index * index + 7;

        // xorshift32: the same sequence every run.
        private static int Next(ref uint state, int limit)
        {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            return (int)(state % (uint)limit);
        }
    }
}
