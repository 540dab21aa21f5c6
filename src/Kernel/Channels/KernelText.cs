// Text in the exchange heap, for the kernel's own channels (the control plane between kernels): a string written into
// a new char array, and an array read back into a string and freed. What arrives from another kernel is bounded by
// the link (a record holds at most a ring's payload), so a string here is never larger than that.
using System;
using Helios.Channels;

namespace Helios.Kernel.Channels
{
    public static class KernelText
    {
        public static ExArray<char> Chars(string text)
        {
            var chars = ExArray<char>.Allocate(text.Length);
            text.AsSpan().CopyTo(chars.Span);
            return chars;
        }

        /// <summary>The array's text; the array is freed. A null array reads as "".</summary>
        public static string Take(ExArray<char> chars)
        {
            if (chars.IsNull) return "";
            string text = new string(chars.Span);
            chars.Free();
            return text;
        }
    }
}
