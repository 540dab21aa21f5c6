// The console as the BCL shapes it: Out, Error and In are whatever the image installed (SetOut, SetError, SetIn).
// The kernel's image keeps the defaults: Out and Error write to its host's console (the kernel's serial port) a
// call at a time, and In is empty. A process's runtime start-up (Helios.Sip) installs writers and a reader over its
// standard pipes (docs/processes.md#standard-pipes).
using System.IO;
using Internal.Runtime;

namespace System
{
    public static unsafe class Console
    {
        private static TextWriter s_out;
        private static TextWriter s_error;
        private static TextReader s_in;

        public static TextWriter Out => s_out ??= new HostWriter();

        public static TextWriter Error => s_error ??= new HostWriter();

        public static TextReader In => s_in ?? TextReader.Null;

        public static void SetOut(TextWriter writer) => s_out = writer ?? throw new ArgumentNullException(nameof(writer));

        public static void SetError(TextWriter writer) => s_error = writer ?? throw new ArgumentNullException(nameof(writer));

        public static void SetIn(TextReader reader) => s_in = reader ?? throw new ArgumentNullException(nameof(reader));

        // Without an installed writer the host is called directly: the kernel writes before its heap is busy, and
        // these allocate nothing.
        public static void Write(string value)
        {
            if (value is null) return;
            if (s_out is null) { fixed (char* p = value) RuntimeHost.Write(p, value.Length); }
            else s_out.Write(value);
        }

        public static void Write(ReadOnlySpan<char> value)
        {
            if (s_out is null) { fixed (char* p = value) RuntimeHost.Write(p, value.Length); }
            else s_out.Write(value);
        }

        public static void Write(char value)
        {
            if (s_out is null) RuntimeHost.Write(&value, 1);
            else s_out.Write(value);
        }

        public static void Write(object value) => Write(value?.ToString());

        public static void Write(int value) => Write(value.ToString());

        public static void Write(long value) => Write(value.ToString());

        public static void Write(bool value) => Write(value ? "True" : "False");

        public static void Write(uint value) => Write(value.ToString());

        public static void Write(ulong value) => Write(value.ToString());

        public static void Write(double value) => Write(value.ToString());

        public static void Write(float value) => Write(value.ToString());

        public static void Write(char[] buffer) => Write(new ReadOnlySpan<char>(buffer));

        // Composite formatting, as string.Format: "{0}, {1,8:X}".
        public static void Write(string format, object arg0) => Write(string.Format(format, arg0));

        public static void Write(string format, object arg0, object arg1) => Write(string.Format(format, arg0, arg1));

        public static void Write(string format, object arg0, object arg1, object arg2) => Write(string.Format(format, arg0, arg1, arg2));

        public static void Write(string format, params object[] arg) => Write(string.Format(format, arg));

        public static void WriteLine() => Write('\n');

        public static void WriteLine(string value)
        {
            if (s_out is null) HostWriter.WriteLineToHost((value ?? "").AsSpan());
            else s_out.WriteLine(value);
        }

        public static void WriteLine(object value) => WriteLine(value?.ToString());

        public static void WriteLine(int value) => WriteLine(value.ToString());

        public static void WriteLine(long value) => WriteLine(value.ToString());

        public static void WriteLine(char value) => WriteLine(new string(value, 1));

        public static void WriteLine(bool value) => WriteLine(value ? "True" : "False");

        public static void WriteLine(uint value) => WriteLine(value.ToString());

        public static void WriteLine(ulong value) => WriteLine(value.ToString());

        public static void WriteLine(double value) => WriteLine(value.ToString());

        public static void WriteLine(float value) => WriteLine(value.ToString());

        public static void WriteLine(char[] buffer) => WriteLine(new string(buffer));

        public static void WriteLine(string format, object arg0) => WriteLine(string.Format(format, arg0));

        public static void WriteLine(string format, object arg0, object arg1) => WriteLine(string.Format(format, arg0, arg1));

        public static void WriteLine(string format, object arg0, object arg1, object arg2) => WriteLine(string.Format(format, arg0, arg1, arg2));

        public static void WriteLine(string format, params object[] arg) => WriteLine(string.Format(format, arg));

        /// <summary>The next character of the standard input, or -1 at its end.</summary>
        public static int Read() => In.Read();

        /// <summary>The next line of the standard input, or null at its end.</summary>
        public static string ReadLine() => In.ReadLine();

        // The host's console: every call is one host write.
        private sealed class HostWriter : TextWriter
        {
            public override void Write(char value) => RuntimeHost.Write(&value, 1);

            public override void Write(ReadOnlySpan<char> buffer)
            {
                fixed (char* p = buffer) RuntimeHost.Write(p, buffer.Length);
            }

            public override void WriteLine(ReadOnlySpan<char> buffer) => WriteLineToHost(buffer);

            // One write per line, so that lines of two threads do not interleave mid-line.
            internal static void WriteLineToHost(ReadOnlySpan<char> line)
            {
                if (line.Length < 256)
                {
                    char* text = stackalloc char[line.Length + 1];
                    line.CopyTo(new Span<char>(text, line.Length));
                    text[line.Length] = '\n';
                    RuntimeHost.Write(text, line.Length + 1);
                    return;
                }
                string joined = new string(line) + "\n";
                fixed (char* p = joined) RuntimeHost.Write(p, joined.Length);
            }
        }
    }
}
