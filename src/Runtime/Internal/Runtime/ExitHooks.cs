// What must happen before an image ends: a process's runtime start-up (Helios.Sip) sets these to flush its standard
// output and error, so nothing written before an exit is lost. The runtime calls each at most once, and an exception
// from one is dropped: the exit or the crash report goes on regardless.
using System;

namespace Internal.Runtime
{
    public static class ExitHooks
    {
        /// <summary>Before Environment.Exit ends the image (a return from Main is the image's own to handle).</summary>
        public static Action BeforeExit;

        /// <summary>
        /// Before an unhandled exception is reported: must not wait long (the report matters more than the output, and
        /// goes to the kernel's console by itself).
        /// </summary>
        public static Action BeforeCrash;

        internal static void Run(ref Action hook)
        {
            Action action = hook;
            hook = null;                    // at most once, even if the hook itself ends the image
            if (action is null) return;
            try
            {
                action();
            }
            catch (Exception)
            {
            }
        }
    }
}
