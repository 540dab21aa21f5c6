// Stack traces name the frames an exception passed, innermost first. The check is on the order of method names
// only, so it holds for the CLR's format ("at N.T.M() in file:line") and ours ("at N.T.M + 0x1c").
using System;
using System.Runtime.CompilerServices;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class StackTracesTests
    {
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Innermost(int value)
        {
            if (value >= 0) throw new ProbeException("innermost");
        }

        // Work after each call keeps the compiler from turning it into a tail call, which would drop the frame.
        private static int s_calls;

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Middle(int value)
        {
            Innermost(value + 1);
            s_calls++;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Outermost(int value)
        {
            Middle(value * 2);
            s_calls++;
        }

        private static void AssertFramesInOrder(string trace, params string[] methods)
        {
            Assert.NotNull(trace);
            int from = 0;
            foreach (string method in methods)
            {
                int at = trace.AsSpan(from).IndexOf(("StackTracesTests." + method).AsSpan());
                Assert.True(at >= 0, "'" + method + "' should follow in the trace:\n" + trace);
                from += at + method.Length;
            }
        }

        [Test]
        public static void ATraceNamesTheFramesInnermostFirst()
        {
            try { Outermost(1); }
            catch (ProbeException e)
            {
                AssertFramesInOrder(e.StackTrace, "Innermost", "Middle", "Outermost", "ATraceNamesTheFramesInnermostFirst");
                Assert.True(e.ToString().StartsWith("Helios.Kernel.Tests.Runtime.ProbeException: innermost" + Environment.NewLine + "   at ", StringComparison.Ordinal));
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void CatchAndRethrow()
        {
            try { Outermost(1); }
            catch (ProbeException) { throw; }
            s_calls++;
        }

        [Test]
        public static void RethrowKeepsTheOriginalTrace()
        {
            try { CatchAndRethrow(); }
            catch (ProbeException e)
            {
                AssertFramesInOrder(e.StackTrace, "Innermost", "Middle", "Outermost", "CatchAndRethrow", "RethrowKeepsTheOriginalTrace");
            }
        }

        [Test]
        public static void ThrowingTheSameObjectAgainStartsANewTrace()
        {
            Exception saved = null;
            try { Outermost(1); }
            catch (ProbeException e) { saved = e; }
            try { throw saved; }
            catch (ProbeException e)
            {
                Assert.Same(saved, e);
                Assert.True(e.StackTrace.AsSpan().IndexOf("Innermost".AsSpan()) < 0, "the old frames should be gone:\n" + e.StackTrace);
                AssertFramesInOrder(e.StackTrace, "ThrowingTheSameObjectAgainStartsANewTrace");
            }
        }
    }
}
