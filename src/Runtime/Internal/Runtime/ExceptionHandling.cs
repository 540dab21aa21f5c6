// throw. Exceptions do not unwind yet (that is the exceptions issue): every throw is unhandled and goes to the host,
// which reports the exception's type and message and stops the image.
using System;
using System.Runtime;

namespace Internal.Runtime
{
    internal static class ExceptionHandling
    {
        [RuntimeExport("RhpThrowEx")]
        private static void ThrowEx(object exception)
        {
            if (exception is null) exception = new NullReferenceException();
            RuntimeHost.UnhandledException(exception);
        }

        [RuntimeExport("RhpRethrow")]
        private static void Rethrow() => RuntimeHost.FailFast("rethrow outside a catch block");
    }
}

namespace Internal.Runtime.CompilerHelpers
{
    using Internal.Runtime;

    // Exports ilc requires of every class library (its contract).
    internal static unsafe class StartupCodeHelpers
    {
        [RuntimeExport("RhpFallbackFailFast")]
        private static void FallbackFailFast() => RuntimeHost.FailFast("fail fast (RhpFallbackFailFast)");

        // Cooperative/preemptive GC mode transitions around native calls: nothing to do without a collector.
        [RuntimeExport("RhpPInvoke")]
        private static void PInvoke(nint frame) { }

        [RuntimeExport("RhpPInvokeReturn")]
        private static void PInvokeReturn(nint frame) { }

        [RuntimeExport("RhpReversePInvoke")]
        private static void ReversePInvoke(nint frame) { }

        [RuntimeExport("RhpReversePInvokeReturn")]
        private static void ReversePInvokeReturn(nint frame) { }

        [RuntimeExport("RhDebugBreak")]
        private static void DebugBreak() => RuntimeHost.FailFast("Debugger.Break() with no debugger attached");
    }

    // Throws the JIT emits calls to for failed range checks, checked arithmetic, null and division checks.
    internal static class ThrowHelpers
    {
        private static void ThrowOverflowException() => throw new OverflowException();
        private static void ThrowIndexOutOfRangeException() => throw new IndexOutOfRangeException();
        private static void ThrowNullReferenceException() => throw new NullReferenceException();
        private static void ThrowDivideByZeroException() => throw new DivideByZeroException();
        private static void ThrowArgumentOutOfRangeException() => throw new ArgumentOutOfRangeException();
        private static void ThrowArgumentException() => throw new ArgumentException();
        private static void ThrowPlatformNotSupportedException() => throw new PlatformNotSupportedException();
        private static void ThrowNotImplementedException() => throw new NotImplementedException();
        private static void ThrowArrayTypeMismatchException() => throw new ArrayTypeMismatchException();
        private static void ThrowInvalidCastException() => throw new InvalidCastException();

        // Code ilc could not compile (a missing type or member, a trimmed body) throws these at run time.
        private static void ThrowBodyRemoved() => throw new NotSupportedException("This code was removed by the compiler.");
        private static void ThrowFeatureBodyRemoved() => throw new NotSupportedException("This feature is not available in Helios images.");
        private static void ThrowInstanceBodyRemoved() => throw new NotSupportedException("This instance method was removed by the compiler.");
        private static void ThrowUnavailableType() => throw new NotSupportedException("This type is not available in Helios images.");
        private static void ThrowTypeLoadException(int id, string className, string typeName) => throw new TypeLoadException("Could not load type '" + className + "'.");
        private static void ThrowTypeLoadExceptionWithArgument(int id, string className, string typeName, string messageArgument) => throw new TypeLoadException("Could not load type '" + className + "': " + messageArgument);
        private static void ThrowMissingMethodException(int id, string methodName) => throw new MissingMemberException("Method not found: '" + methodName + "'.");
        private static void ThrowMissingFieldException(int id, string fieldName) => throw new MissingMemberException("Field not found: '" + fieldName + "'.");
        private static void ThrowFileNotFoundException(int id, string fileName) => throw new TypeLoadException("Could not load file or assembly '" + fileName + "'.");
        private static void ThrowInvalidProgramException(int id) => throw new InvalidProgramException();
        private static void ThrowInvalidProgramExceptionWithArgument(int id, string methodName) => throw new InvalidProgramException("Common Language Runtime detected an invalid program in '" + methodName + "'.");
        private static void ThrowMarshalDirectiveException(int id) => throw new NotSupportedException("Marshalling is not supported in Helios images.");
        private static void ThrowAmbiguousMatchException(int id) => throw new InvalidOperationException("Ambiguous match found.");
        private static void ThrowBadImageFormatException(int id) => throw new InvalidProgramException("The image is not valid.");
    }
}

namespace Internal.Runtime.CompilerHelpers
{
    // typeof(T) and friends in shared generic code, where the type arrives at run time (ilc's contract).
    internal static unsafe class LdTokenHelpers
    {
        private static System.RuntimeTypeHandle GetRuntimeTypeHandle(nint type) => new System.RuntimeTypeHandle((MethodTable*)type);

        private static System.Type GetRuntimeType(nint type) => System.Type.GetTypeFromHandle(new System.RuntimeTypeHandle((MethodTable*)type));

        private static System.RuntimeMethodHandle GetRuntimeMethodHandle(nint method) => default;

        private static System.RuntimeFieldHandle GetRuntimeFieldHandle(nint field) => default;
    }
}
