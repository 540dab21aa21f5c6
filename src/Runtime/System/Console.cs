// The console as the BCL shapes it: each image writes to its host's console (the kernel's serial port; a process's
// output goes out under its name until stdio channels exist). Output only: nothing reads a console yet.
using Internal.Runtime;

namespace System
{
    public static unsafe class Console
    {
        public static void Write(string value)
        {
            if (value is null) return;
            fixed (char* p = value) RuntimeHost.Write(p, value.Length);
        }

        public static void Write(ReadOnlySpan<char> value)
        {
            fixed (char* p = value) RuntimeHost.Write(p, value.Length);
        }

        public static void Write(char value) => RuntimeHost.Write(&value, 1);

        public static void Write(object value) => Write(value?.ToString());

        public static void Write(int value) => Write(value.ToString());

        public static void Write(long value) => Write(value.ToString());

        public static void WriteLine() => Write('\n');

        // One write per line, so that lines of two threads do not interleave mid-line.
        public static void WriteLine(string value) => Write((value ?? "") + "\n");

        public static void WriteLine(object value) => WriteLine(value?.ToString());

        public static void WriteLine(int value) => WriteLine(value.ToString());

        public static void WriteLine(long value) => WriteLine(value.ToString());
    }
}
