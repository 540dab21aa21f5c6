// Walks the managed frames of a stack from a starting context towards its base. Two things make it more than an
// unwinder: funclets are called by the dispatcher on top of the stack, so leaving a funclet jumps straight to the
// frame it belongs to (skipping the dispatch in between) and that frame's search resumes past the clause whose
// handler is running; and a filter's invocation is a boundary that an exception thrown inside the filter never
// crosses.
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Internal.Runtime.ExceptionHandling
{
    [SkipLocalsInit]
    internal unsafe struct StackFrameIterator
    {
        // Frames more than this are a corrupt stack (or one deeper than any kernel or process stack can be).
        private const int MaxFrames = 1 << 20;

        public RegisterContext Context;

        /// <summary>Context.Ip is a return address (every frame but a faulting one), so the call is at Ip - 1.</summary>
        public bool IpIsReturnAddress;

        public FrameDescription Frame;
        public ManagedCodeInfo Code;

        // The unwind rules at the current instruction (from FrameCache, with Frame and Code).
        private UnwindRules _rules;
        private bool _rulesValid;

        /// <summary>Clauses up to this index enclose a handler of this frame that is running (-1: none).</summary>
        public int SkipClausesThrough;

        /// <summary>The frame was reached by leaving one of its funclets: its own frame was already visited.</summary>
        public bool ReachedThroughFunclet;

        /// <summary>The funclet invocation the last step left through (null when it was an ordinary return).</summary>
        public FuncletInvocation* LeftFunclet;

        /// <summary>The walk ended at the invocation of a filter: Context is where that invocation returns.</summary>
        public bool StoppedAtFilter;

        private int _frames;

        // Where every funclet returns to in helios_call_funclet: a constant of the image.
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_funclet_return_site_address")]
        private static extern ulong FuncletReturnSite();

        /// <summary>Starts at context; false when it is not in managed code of this image.</summary>
        public bool Start(in RegisterContext context, bool ipIsReturnAddress)
        {
            Context = context;
            IpIsReturnAddress = ipIsReturnAddress;
            SkipClausesThrough = -1;
            ReachedThroughFunclet = false;
            LeftFunclet = null;
            StoppedAtFilter = false;
            _frames = 0;
            return FindCode();
        }

        /// <summary>The offset of the current instruction from the start of its method (EH clauses count from there).</summary>
        public uint CodeOffset => (uint)(LookupPc - Code.MethodStart);

        // A return address may be the first byte after the call's function or try region: look up the call itself.
        private ulong LookupPc => IpIsReturnAddress ? Context.Ip - 1 : Context.Ip;

        /// <summary>Moves to the calling frame; false at the end of the managed stack or at a filter boundary.</summary>
        public bool Next()
        {
            if (++_frames > MaxFrames || !_rulesValid) return false;
            if (!FrameUnwinder.TryUnwind(ref Context, _rules, Frame.ReturnAddressRegister)) return false;
            IpIsReturnAddress = true;
            SkipClausesThrough = -1;
            ReachedThroughFunclet = false;
            LeftFunclet = null;

            if (Context.Ip == FuncletReturnSite())
            {
                // The thunk keeps its invocation record at the stack pointer the funclet returns to.
                var invocation = *(FuncletInvocation**)Context.Sp;
                LeftFunclet = invocation;
                if (invocation->Kind == FuncletKind.Filter)
                {
                    StoppedAtFilter = true;
                    return false;
                }
                Context = invocation->Frame;
                IpIsReturnAddress = invocation->FrameIpIsReturnAddress;
                SkipClausesThrough = invocation->ClauseIndex;
                ReachedThroughFunclet = true;
            }
            return FindCode();
        }

        private bool FindCode() => FrameCache.TryGet(LookupPc, out Frame, out Code, out _rules, out _rulesValid);
    }
}
