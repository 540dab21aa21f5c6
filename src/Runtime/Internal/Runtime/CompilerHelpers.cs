// Methods ilc calls by class and method name rather than by export (its contract with a class library): startup
// hooks, the throws behind range, overflow, null and division checks, and type-token lookups in shared generic code.
using System;
using System.Runtime;

namespace Internal.Runtime.CompilerHelpers
{
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

        // A process image's __managed__Main(argc, argv) hands its arguments here before Main runs. The kernel passes
        // argv as argc NUL-terminated UTF-16 strings (Helios strings are UTF-16 end to end; nothing to decode).
        private static string[] s_arguments;

        private static void InitializeCommandLineArgs(int argc, nint argv)
        {
            var arguments = new string[argc < 0 ? 0 : argc];
            for (int i = 0; i < arguments.Length; i++)
            {
                char* text = ((char**)argv)[i];
                int length = 0;
                while (text[length] != '\0') length++;
                arguments[i] = new string(text, 0, length);
            }
            s_arguments = arguments;
        }

        private static string[] GetMainMethodArguments() => s_arguments ?? new string[0];
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
