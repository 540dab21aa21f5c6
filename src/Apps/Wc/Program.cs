// wc: counts the lines, words and bytes (UTF-8) of its standard input and prints them, as Unix's wc does:
// `echo hello | ./helios boot --run wc` prints "1 1 6".
using System;

namespace Wc
{
    public static class Program
    {
        public static int Main(string[] args)
        {
            long lines = 0, words = 0, bytes = 0;
            bool inWord = false;
            int c;
            while ((c = Console.Read()) >= 0)
            {
                bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xD800 && c <= 0xDFFF ? 2 : 3;    // a surrogate pair: 4
                if (c == '\n') lines++;
                bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
                if (!space && !inWord) words++;
                inWord = !space;
            }
            Console.WriteLine($"{lines} {words} {bytes}");
            return 0;
        }
    }
}
