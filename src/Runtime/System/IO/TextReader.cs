// A reader of characters, in the BCL's shape (the subset Console needs): subclasses override Read and Peek; the rest
// is built on them. A process's standard input (Helios.Sip's pipe reader) is one; Console.In is whichever the image
// installed (an empty one in the kernel's image).
using System.Text;

namespace System.IO
{
    public abstract class TextReader : IDisposable
    {
        /// <summary>An empty reader: every read is at the end.</summary>
        public static readonly TextReader Null = new NullTextReader();

        /// <summary>The next character without taking it, or -1 at the end of the input.</summary>
        public virtual int Peek() => -1;

        /// <summary>The next character, or -1 at the end of the input.</summary>
        public virtual int Read() => -1;

        /// <summary>Up to buffer.Length characters; 0 at the end of the input.</summary>
        public virtual int Read(Span<char> buffer)
        {
            int n = 0;
            while (n < buffer.Length)
            {
                int c = Read();
                if (c < 0) break;
                buffer[n++] = (char)c;
                if (c == '\n') break;       // never waits for more than a line: a reader of a console is interactive
            }
            return n;
        }

        /// <summary>The next line without its end ("\n" or "\r\n"), or null at the end of the input.</summary>
        public virtual string ReadLine()
        {
            var line = new StringBuilder();
            while (true)
            {
                int c = Read();
                if (c < 0) return line.Length == 0 ? null : line.ToString();
                if (c == '\n') break;
                line.Append((char)c);
            }
            if (line.Length > 0 && line[line.Length - 1] == '\r') line.Length--;
            return line.ToString();
        }

        /// <summary>Everything up to the end of the input.</summary>
        public virtual string ReadToEnd()
        {
            var text = new StringBuilder();
            int c;
            while ((c = Read()) >= 0) text.Append((char)c);
            return text.ToString();
        }

        public virtual void Close() => Dispose();

        public void Dispose()
        {
            Dispose(true);
        }

        protected virtual void Dispose(bool disposing) { }

        private sealed class NullTextReader : TextReader { }
    }
}
