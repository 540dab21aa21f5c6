// Where a debugger learns what the kernel loaded (docs/debugging.md, "Apps"): the kernel calls these empty functions
// at each event, and build/gdb/helios-apps.py stops on them, reads their arguments and loads the app's symbols at its
// load address (gdb's add-symbol-file -o), so a breakpoint on an app's method by name works. They are exported under
// fixed names (not ilc's mangled ones) and never inlined, so the call and its arguments are always there to see.
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Helios.Kernel.Diagnostics
{
    public static unsafe class DebuggerHooks
    {
        /// <summary>A process's image of app name was placed at imageBase (its ELF is linked at 0).</summary>
        public static void ProcessLoaded(string name, ulong imageBase)
        {
            fixed (char* text = name) ProcessLoaded(text, name.Length, imageBase);
        }

        // x86_64: rdi, esi, rdx; arm64: x0, w1, x2 (what the script reads).
        [RuntimeExport("helios_debug_process_loaded"), MethodImpl(MethodImplOptions.NoInlining)]
        private static void ProcessLoaded(char* name, int length, ulong imageBase)
        {
        }
    }
}
