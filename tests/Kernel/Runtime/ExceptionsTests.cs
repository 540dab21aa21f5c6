// try/catch/finally/filters: what is caught where, and in which order handlers run. The same source runs on the host
// CLR (RuntimeTestsOnHost), so every expected order here is the CLR's: two passes, filters before inner finallys.
using System;
using System.Runtime.CompilerServices;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal sealed class ReactorScrammedException : Exception
    {
        public ReactorScrammedException(string message) : base(message) { }
    }

    internal class ProbeException : Exception
    {
        public ProbeException(string message) : base(message) { }

        public ProbeException(string message, Exception inner) : base(message, inner) { }
    }

    internal sealed class DerivedProbeException : ProbeException
    {
        public DerivedProbeException(string message) : base(message) { }
    }

    internal static class ExceptionsTests
    {
        private static string s_log;

        private static void Log(string step) => s_log = s_log is null ? step : s_log + " " + step;

        private static string TakeLog()
        {
            string log = s_log;
            s_log = null;
            return log;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Throw(Exception exception) => throw exception;

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int ThrowIfPositive(int value)
        {
            if (value > 0) throw new ProbeException("positive " + value.ToString());
            return value;
        }

        [Test]
        public static void ExceptionObjects()
        {
            var e = new InvalidOperationException("bad state");
            Assert.Equal("bad state", e.Message);
            Assert.Equal("System.InvalidOperationException: bad state", e.ToString());
            Assert.Null(e.StackTrace);
            var inner = new ArgumentNullException("input");
            Assert.Equal("Value cannot be null. (Parameter 'input')", inner.Message);
            Assert.Equal("input", inner.ParamName);
            var outer = new Exception("outer", inner);
            Assert.Same(inner, outer.InnerException);
        }

        [Test]
        [ExpectPanic("Helios.Kernel.Tests.Runtime.ReactorScrammedException: coolant pressure 0")]
        public static void UnhandledExceptionIsReported()
        {
            int pressure = Environment.NewLine.Length - 1;
            if (pressure == 0) throw new ReactorScrammedException("coolant pressure " + pressure.ToString());
        }

        [Test]
        public static void CatchesTheThrownType()
        {
            try
            {
                ThrowIfPositive(3);
                Assert.Fail("no exception");
            }
            catch (ProbeException e)
            {
                Assert.Equal("positive 3", e.Message);
            }
        }

        [Test]
        public static void CatchesThroughABaseClass()
        {
            string caught = null;
            try { Throw(new DerivedProbeException("derived")); }
            catch (Exception e) { caught = e.GetType().Name + ":" + e.Message; }
            Assert.Equal("DerivedProbeException:derived", caught);
        }

        [Test]
        public static void TheFirstMatchingClauseWins()
        {
            try { Throw(new DerivedProbeException("x")); }
            catch (InvalidOperationException) { Log("invalid-operation"); }
            catch (DerivedProbeException) { Log("derived"); }
            catch (ProbeException) { Log("probe"); }
            catch (Exception) { Log("exception"); }
            Assert.Equal("derived", TakeLog());
        }

        [Test]
        public static void AnUnmatchedClauseLetsTheExceptionOut()
        {
            try
            {
                try { Throw(new ProbeException("p")); }
                catch (InvalidCastException) { Log("inner"); }
                Log("after inner");
            }
            catch (ProbeException) { Log("outer"); }
            Assert.Equal("outer", TakeLog());
        }

        [Test]
        public static void CatchWithoutATypeTakesEverything()
        {
            try { Throw(new ArgumentException("a")); }
            catch { Log("caught"); }
            Assert.Equal("caught", TakeLog());
        }

        [Test]
        public static void FinallyRunsOnTheNormalPath()
        {
            try { Log("try"); }
            finally { Log("finally"); }
            Assert.Equal("try finally", TakeLog());
        }

        [Test]
        public static void FinallyRunsBeforeTheOuterCatch()
        {
            try
            {
                try
                {
                    Log("try");
                    ThrowIfPositive(1);
                    Log("unreachable");
                }
                finally { Log("finally"); }
            }
            catch (ProbeException) { Log("catch"); }
            Assert.Equal("try finally catch", TakeLog());
        }

        [Test]
        public static void NestedFinallyBlocksRunInnermostFirst()
        {
            try
            {
                try
                {
                    try { ThrowIfPositive(1); }
                    finally { Log("inner"); }
                }
                finally { Log("middle"); }
            }
            catch (ProbeException) { Log("catch"); }
            finally { Log("outer"); }
            Assert.Equal("inner middle catch outer", TakeLog());
        }

        private static int ReturnFromTry()
        {
            try { return 1; }
            finally { Log("finally"); }
        }

        [Test]
        public static void FinallyRunsOnReturnBreakAndContinue()
        {
            Assert.Equal(1, ReturnFromTry());
            for (int i = 0; i < 3; i++)
            {
                try
                {
                    if (i == 0) continue;
                    if (i == 1) break;
                }
                finally { Log("loop" + i.ToString()); }
            }
            Assert.Equal("finally loop0 loop1", TakeLog());
        }

        [Test]
        public static void AFilterThatSaysYesCatches()
        {
            int threshold = 2;
            try { ThrowIfPositive(5); }
            catch (ProbeException e) when (e.Message.Length > threshold) { Log("filtered"); }
            Assert.Equal("filtered", TakeLog());
        }

        [Test]
        public static void AFilterThatSaysNoPassesToTheNextClause()
        {
            try { ThrowIfPositive(5); }
            catch (ProbeException) when (Decide("first", false)) { Log("first catch"); }
            catch (ProbeException) when (Decide("second", true)) { Log("second catch"); }
            Assert.Equal("first second second catch", TakeLog());
        }

        private static bool Decide(string name, bool answer)
        {
            Log(name);
            return answer;
        }

        [Test]
        public static void FiltersRunBeforeInnerFinallyBlocks()
        {
            try
            {
                try { ThrowIfPositive(1); }
                finally { Log("finally"); }
            }
            catch (ProbeException) when (Decide("filter", true)) { Log("catch"); }
            Assert.Equal("filter finally catch", TakeLog());
        }

        private static bool ThrowingFilter()
        {
            Log("filter");
            throw new InvalidOperationException("from the filter");
        }

        [Test]
        public static void AFilterThatThrowsCountsAsNo()
        {
            try
            {
                try { ThrowIfPositive(1); }
                catch (ProbeException) when (ThrowingFilter()) { Log("wrong catch"); }
            }
            catch (ProbeException e) { Log("outer " + e.Message); }
            Assert.Equal("filter outer positive 1", TakeLog());
        }

        [Test]
        public static void RethrowKeepsTheSameObject()
        {
            var thrown = new ProbeException("original");
            Exception caught = null;
            try
            {
                try { Throw(thrown); }
                catch (ProbeException)
                {
                    Log("inner");
                    throw;
                }
            }
            catch (Exception e) { caught = e; }
            Assert.Same(thrown, caught);
            Assert.Equal("inner", TakeLog());
        }

        [Test]
        public static void ThrowingFromACatchReplacesTheException()
        {
            Exception caught = null;
            try
            {
                try { ThrowIfPositive(1); }
                catch (ProbeException e) { throw new InvalidOperationException("wrapped", e); }
            }
            catch (InvalidOperationException e) { caught = e; }
            Assert.Equal("wrapped", caught.Message);
            Assert.True(caught.InnerException is ProbeException);
        }

        [Test]
        public static void ThrowingFromAFinallyReplacesTheException()
        {
            try
            {
                try { ThrowIfPositive(1); }
                finally
                {
                    Log("finally");
                    Throw(new InvalidOperationException("from finally"));
                }
            }
            catch (ProbeException) { Log("probe"); }
            catch (InvalidOperationException e) { Log(e.Message); }
            Assert.Equal("finally from finally", TakeLog());
        }

        [Test]
        public static void TryInsideACatchBlock()
        {
            try { ThrowIfPositive(1); }
            catch (ProbeException)
            {
                try { Throw(new InvalidCastException("nested")); }
                catch (InvalidCastException e) { Log(e.Message); }
                Log("after nested");
            }
            Assert.Equal("nested after nested", TakeLog());
        }

        [Test]
        public static void TryInsideAFinallyBlock()
        {
            try
            {
                try { ThrowIfPositive(1); }
                finally
                {
                    try { Throw(new InvalidCastException("in finally")); }
                    catch (InvalidCastException e) { Log(e.Message); }
                }
            }
            catch (ProbeException e) { Log(e.Message); }
            Assert.Equal("in finally positive 1", TakeLog());
        }

        [Test]
        public static void ThrowNullThrowsNullReferenceException()
        {
            Exception nothing = null;
            try { Throw(nothing); }
            catch (NullReferenceException) { Log("null reference"); }
            Assert.Equal("null reference", TakeLog());
        }

        private sealed class Resource : IDisposable
        {
            public void Dispose() => Log("disposed");
        }

        [Test]
        public static void UsingDisposesWhenAnExceptionPasses()
        {
            try
            {
                using (new Resource())
                {
                    Log("using");
                    ThrowIfPositive(1);
                }
            }
            catch (ProbeException) { Log("catch"); }
            Assert.Equal("using disposed catch", TakeLog());
        }

        [Test]
        public static void ManyThrowsInALoop()
        {
            int caught = 0;
            for (int i = 0; i < 1000; i++)
            {
                try { ThrowIfPositive(i % 3); }
                catch (ProbeException) { caught++; }
            }
            Assert.Equal(666, caught);
        }

        [Test]
        public static void TheStateOfTheCatchingMethodSurvives()
        {
            long sum = 0;
            double scale = 1.5;
            string text = "s";
            for (int i = 0; i < 10; i++)
            {
                try
                {
                    sum += i;
                    ThrowIfPositive(i & 1);
                    text += "e";
                }
                catch (ProbeException) { scale *= 2; text += "o"; }
            }
            Assert.Equal(45L, sum);
            Assert.Equal(48.0, scale);
            Assert.Equal("seoeoeoeoeo", text);
        }
    }
}
