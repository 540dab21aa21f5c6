// Where a process begins. The kernel's loader relocates the image, binds its imports and calls helios_process_main on
// the process's main thread with the image's layout and arguments; it returns Main's result as the exit code.
using System.Runtime;
using System.Runtime.CompilerServices;
using Internal.Runtime;

namespace Helios.Sip
{
    internal static unsafe class ProcessEntry
    {
        [RuntimeExport("helios_process_main")]
        private static int Main(ImageLayout* layout, int argc, nint argv)
        {
            Startup.Initialize(in *layout);         // this process's heap, statics, module initializers
            SipChannelCalls.InstallIfSupported();   // channels through the kernel (its exchange heap)
            StandardStreams.Install();              // Console over stdin, stdout and stderr
            int code = ManagedMain(argc, argv);     // library initializers, arguments, Main
            StandardStreams.Finish();               // everything written is out before the process ends
            return code;
        }

        // ilc's entry of an executable image (StartupCodeMain): argv is what StartupCodeHelpers reads.
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("__managed__Main")]
        private static extern int ManagedMain(int argc, nint argv);
    }
}
