// The process environment as the runtime knows it. Iterators ask for the managed thread id (C#'s contract).
namespace System
{
    public static class Environment
    {
        public static string NewLine => "\n";

        // One managed thread per image until the kernel's threads come to the runtime.
        public static int CurrentManagedThreadId => 1;

        /// <summary>The process's id (0 in the kernel's own image).</summary>
        public static int ProcessId => Internal.Runtime.RuntimeHost.ProcessId();

        /// <summary>Milliseconds since the host started (the kernel's boot), from the host's counter.</summary>
        public static long TickCount64
        {
            get
            {
                long timestamp = Internal.Runtime.RuntimeHost.Timestamp();
                long frequency = Diagnostics.Stopwatch.Frequency;
                return timestamp / frequency * 1000 + timestamp % frequency * 1000 / frequency;
            }
        }

        /// <summary>TickCount64's low 32 bits: wraps to negative after 24.9 days, as the BCL's does.</summary>
        public static int TickCount => (int)TickCount64;

        public static void FailFast(string message) => Internal.Runtime.RuntimeHost.FailFast(message);

        /// <summary>Ends the process (in the kernel's image: the machine) with an exit code.</summary>
        public static void Exit(int exitCode) => Internal.Runtime.RuntimeHost.Exit(exitCode);
    }
}
