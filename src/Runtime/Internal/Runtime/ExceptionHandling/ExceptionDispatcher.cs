// Two-pass exception dispatch, as the CLR defines it. Pass 1 walks up from the throw, frame by frame, to the first
// clause that takes the exception: a catch whose type matches or a filter that returns true (filters run during this
// pass, before any finally). Pass 2 walks the same frames again running every finally and fault handler on the way,
// then calls the catch funclet and resumes the method where the funclet says. An exception nothing takes goes to the
// host (a panic in the kernel, the end of a process) with its stack trace; no finally runs for it.
// Nothing here allocates unless an exception's stack trace needs a longer buffer, so a throw costs no heap.
using System;
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Internal.Runtime.ExceptionHandling
{
    [SkipLocalsInit]
    public static unsafe class ExceptionDispatcher
    {
        private enum ThrowKind
        {
            Throw = 0,          // throw e;  (RhpThrowEx)
            Rethrow = 1,        // throw;    (RhpRethrow)
            HardwareFault = 2,  // a CPU exception in managed code, raised by the host's trap handler
        }

        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_call_funclet")]
        private static extern nint CallFunclet(object exception, ulong funclet, FuncletInvocation* invocation);

        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_resume")]
        private static extern void Resume(RegisterContext* context, ulong ip, nint returnValue);

        /// <summary>
        /// Raises exception as if the instruction at context.Ip had thrown it: the host's trap handler calls this for a
        /// fault in managed code (null dereference, division by zero), on the faulting stack. Never returns.
        /// </summary>
        public static void RaiseHardwareException(Exception exception, RegisterContext* context)
            => Dispatch(exception, context, (int)ThrowKind.HardwareFault);

        // The way in from RhpThrowEx and RhpRethrow (Arch/*/ExceptionHandling.S), which capture the thrower's context.
        [RuntimeExport("helios_dispatch_exception")]
        private static void Dispatch(object exception, RegisterContext* throwSite, int kind)
        {
            var frames = new StackFrameIterator();
            bool managed = frames.Start(*throwSite, ipIsReturnAddress: kind != (int)ThrowKind.HardwareFault);

            if (kind == (int)ThrowKind.Rethrow)
                exception = ExceptionBeingHandled(frames) ?? FailFast("`throw;` outside a catch block");
            exception ??= new NullReferenceException();
            var trace = exception as Exception;
            if (kind != (int)ThrowKind.Rethrow) trace?.ResetStackTrace();

            // Pass 1: find the frame and clause that take the exception.
            int handlerFrame = 0;
            int handlerClause = -1;
            EHClause handler = default;
            if (managed)
            {
                do
                {
                    if (frames.Code.MethodStart == DispatcherStart() && !frames.ReachedThroughFunclet)
                        FailFast("an exception was thrown inside the exception dispatcher: " + exception.GetType().FullName);
                    // A rethrow starts in the catch funclet, whose method the trace already ends with.
                    bool rethrowSite = kind == (int)ThrowKind.Rethrow && handlerFrame == 0;
                    if (!frames.ReachedThroughFunclet && !rethrowSite) trace?.AppendStackFrame((nint)frames.Context.Ip);
                    if (FindHandler(ref frames, exception, out handlerClause, out handler)) break;
                    handlerFrame++;
                }
                while (frames.Next());
            }
            if (handlerClause < 0 && !frames.StoppedAtFilter)
            {
                RuntimeHost.UnhandledException(exception);
                return;
            }

            // Pass 2: run the finally and fault handlers of every frame below the handler's, then those of its frame
            // inside the catching clause, then the catch.
            frames.Start(*throwSite, ipIsReturnAddress: kind != (int)ThrowKind.HardwareFault);
            for (int frame = 0; frame < handlerFrame; frame++)
            {
                RunFinallyHandlers(ref frames, exception, int.MaxValue);
                if (!frames.Next() && !(frames.StoppedAtFilter && frame == handlerFrame - 1))
                    FailFast("the stack changed between the two passes of exception dispatch");
            }
            if (handlerClause < 0)
            {
                // The exception escaped a filter: that filter's invocation returns false.
                Resume(&frames.Context, frames.Context.Ip, 0);
                return;
            }
            RunFinallyHandlers(ref frames, exception, handlerClause);

            var invocation = new FuncletInvocation
            {
                Frame = frames.Context,
                FrameIpIsReturnAddress = frames.IpIsReturnAddress,
                Kind = FuncletKind.Catch,
                ClauseIndex = handlerClause,
                Exception = AddressOf(exception),
            };
            ulong continuation = (ulong)CallFunclet(exception, handler.Handler, &invocation);
            Resume(&invocation.Frame, continuation, 0);
        }

        // The first clause of the current frame that takes the exception: a catch of its type or a filter saying yes.
        private static bool FindHandler(ref StackFrameIterator frames, object exception, out int index, out EHClause clause)
        {
            index = -1;
            var clauses = new EHClauseReader(ManagedCode.Image, frames.Code);
            uint offset = frames.CodeOffset;
            while (clauses.Next(out clause))
            {
                if (clauses.Index <= frames.SkipClausesThrough || !clause.Covers(offset)) continue;
                bool takes = clause.Kind switch
                {
                    EHClauseKind.Typed => TypeCast.IsInstanceOfException((MethodTable*)clause.TargetType, exception),
                    EHClauseKind.Filter => RunFilter(ref frames, exception, clause, clauses.Index),
                    _ => false,
                };
                if (takes)
                {
                    index = clauses.Index;
                    return true;
                }
            }
            if (clauses.Failed) FailFast("malformed EH clauses in the method at 0x" + frames.Code.MethodStart.ToString("x"));
            return false;
        }

        private static bool RunFilter(ref StackFrameIterator frames, object exception, in EHClause clause, int index)
        {
            var invocation = new FuncletInvocation
            {
                Frame = frames.Context,
                FrameIpIsReturnAddress = frames.IpIsReturnAddress,
                Kind = FuncletKind.Filter,
                ClauseIndex = index,
                Exception = AddressOf(exception),
            };
            return CallFunclet(exception, clause.Filter, &invocation) != 0;
        }

        // Every finally and fault clause of the current frame covering where it stopped, innermost first, below the
        // clause with index stopBefore (the catch that takes the exception, when this is its frame).
        private static void RunFinallyHandlers(ref StackFrameIterator frames, object exception, int stopBefore)
        {
            var clauses = new EHClauseReader(ManagedCode.Image, frames.Code);
            uint offset = frames.CodeOffset;
            while (clauses.Next(out EHClause clause) && clauses.Index < stopBefore)
            {
                if (clauses.Index <= frames.SkipClausesThrough || clause.Kind != EHClauseKind.Fault || !clause.Covers(offset))
                    continue;
                var invocation = new FuncletInvocation
                {
                    Frame = frames.Context,
                    FrameIpIsReturnAddress = frames.IpIsReturnAddress,
                    Kind = FuncletKind.Finally,
                    ClauseIndex = clauses.Index,
                    Exception = AddressOf(exception),
                };
                CallFunclet(exception, clause.Handler, &invocation);
            }
        }

        // `throw;` runs inside a catch funclet, called by the dispatch of the exception it rethrows.
        private static object ExceptionBeingHandled(StackFrameIterator frames)
        {
            if (!frames.Code.IsFunclet) return null;
            frames.Next();
            FuncletInvocation* invocation = frames.LeftFunclet;
            return invocation != null && invocation->Kind == FuncletKind.Catch ? ObjectAt(invocation->Exception) : null;
        }

        private static ulong DispatcherStart() => (ulong)(delegate*<object, RegisterContext*, int, void>)&Dispatch;

        private static nint AddressOf(object o) => *(nint*)Unsafe.AsPointer(ref o);

        private static object ObjectAt(nint address) => Unsafe.As<nint, object>(ref address);

        private static object FailFast(string message)
        {
            RuntimeHost.FailFast(message);
            return null;
        }
    }
}
