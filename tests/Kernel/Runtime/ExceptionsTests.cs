// throw. Exceptions do not unwind yet, so an exception that leaves a test ends the kernel, which must report its type
// and message.
using System;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal sealed class ReactorScrammedException : Exception
    {
        public ReactorScrammedException(string message) : base(message) { }
    }

    internal static class ExceptionsTests
    {
        [Test]
        public static void ExceptionObjects()
        {
            var e = new InvalidOperationException("bad state");
            Assert.Equal("bad state", e.Message);
            Assert.Equal("System.InvalidOperationException: bad state", e.ToString());
            var inner = new ArgumentNullException("input");
            Assert.Equal("Value cannot be null. (Parameter 'input')", inner.Message);
            Assert.Equal("input", inner.ParamName);
            var outer = new Exception("outer", inner);
            Assert.Same(inner, outer.InnerException);
        }

        [Test]
        [ExpectPanic("Helios.Kernel.Tests.Runtime.ReactorScrammedException: coolant pressure 0")]
        public static void ThrownExceptionIsReported()
        {
            int pressure = Environment.NewLine.Length - 1;
            if (pressure == 0) throw new ReactorScrammedException("coolant pressure " + pressure.ToString());
        }
    }
}
