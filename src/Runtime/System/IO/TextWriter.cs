// A writer of characters, in the BCL's shape (the subset Console needs): subclasses override Write(char), and
// Write(ReadOnlySpan<char>) when they can take a run at once. The kernel's console (HostWriter) and a process's
// standard output and error (Helios.Sip's pipe writers) are TextWriters; Console.Out is whichever the image installed.
namespace System.IO
{
    public abstract class TextWriter : IDisposable
    {
        public virtual string NewLine => "\n";

        public abstract void Write(char value);

        public virtual void Write(ReadOnlySpan<char> buffer)
        {
            foreach (char c in buffer) Write(c);
        }

        public virtual void Write(string value)
        {
            if (value is not null) Write(value.AsSpan());
        }

        public virtual void Write(object value)
        {
            if (value is not null) Write(value.ToString());
        }

        public virtual void Write(int value) => Write(value.ToString());

        public virtual void Write(long value) => Write(value.ToString());

        public virtual void Write(bool value) => Write(value ? "True" : "False");

        public virtual void Write(uint value) => Write(value.ToString());

        public virtual void Write(ulong value) => Write(value.ToString());

        public virtual void Write(double value) => Write(value.ToString());

        public virtual void Write(float value) => Write(value.ToString());

        public virtual void Write(char[] buffer)
        {
            if (buffer is not null) Write(new ReadOnlySpan<char>(buffer));
        }

        public virtual void Write(string format, object arg0) => Write(string.Format(format, arg0));

        public virtual void Write(string format, object arg0, object arg1) => Write(string.Format(format, arg0, arg1));

        public virtual void Write(string format, params object[] arg) => Write(string.Format(format, arg));

        public virtual void WriteLine() => Write(NewLine.AsSpan());

        public virtual void WriteLine(ReadOnlySpan<char> buffer)
        {
            Write(buffer);
            WriteLine();
        }

        public virtual void WriteLine(string value) => WriteLine((value ?? "").AsSpan());

        public virtual void WriteLine(object value) => WriteLine(value?.ToString());

        public virtual void WriteLine(int value) => WriteLine(value.ToString());

        public virtual void WriteLine(long value) => WriteLine(value.ToString());

        public virtual void WriteLine(char value)
        {
            Write(value);
            WriteLine();
        }

        public virtual void WriteLine(bool value) => WriteLine(value ? "True" : "False");

        public virtual void WriteLine(uint value) => WriteLine(value.ToString());

        public virtual void WriteLine(ulong value) => WriteLine(value.ToString());

        public virtual void WriteLine(double value) => WriteLine(value.ToString());

        public virtual void WriteLine(float value) => WriteLine(value.ToString());

        public virtual void WriteLine(string format, object arg0) => WriteLine(string.Format(format, arg0));

        public virtual void WriteLine(string format, object arg0, object arg1) => WriteLine(string.Format(format, arg0, arg1));

        public virtual void WriteLine(string format, params object[] arg) => WriteLine(string.Format(format, arg));

        /// <summary>Writes out whatever is buffered.</summary>
        public virtual void Flush() { }

        /// <summary>Flushes, then ends the stream (a pipe's reader sees the end of its input).</summary>
        public virtual void Close() => Dispose();

        public void Dispose()
        {
            Dispose(true);
        }

        protected virtual void Dispose(bool disposing) { }
    }
}
