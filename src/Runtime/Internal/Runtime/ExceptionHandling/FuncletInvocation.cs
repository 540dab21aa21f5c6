// What the dispatcher leaves on the stack when it calls a funclet (helios_call_funclet, Arch/*/ExceptionHandling.S):
// the frame the funclet belongs to, and which clause it runs. An exception thrown inside the funclet finds this
// record where the funclet returns to and continues its search in that frame, past the running clause; an exception
// escaping a filter stops here, and the filter counts as false.
using System.Runtime.InteropServices;

namespace Internal.Runtime.ExceptionHandling
{
    internal enum FuncletKind
    {
        Catch,
        Finally,    // finally and fault
        Filter,
    }

    [StructLayout(LayoutKind.Sequential)]
    internal unsafe struct FuncletInvocation
    {
        public RegisterContext Frame;           // first: the thunk loads the frame's callee-saved registers from here
        public bool FrameIpIsReturnAddress;
        public FuncletKind Kind;
        public int ClauseIndex;
        public nint Exception;                  // the exception being handled (what `throw;` rethrows)
    }
}
