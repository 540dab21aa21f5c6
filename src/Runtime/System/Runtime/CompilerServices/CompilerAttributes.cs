// Attributes the C# compiler looks for by name.
namespace System.Runtime.CompilerServices
{
    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Method | AttributeTargets.Field, Inherited = false)]
    public sealed class IntrinsicAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.Method | AttributeTargets.Class | AttributeTargets.Assembly)]
    public sealed class ExtensionAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.All, Inherited = true)]
    public sealed class CompilerGeneratedAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.All, Inherited = false)]
    public sealed class IsReadOnlyAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.Struct)]
    public sealed class IsByRefLikeAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.All)]
    public sealed class IsUnmanagedAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.Property)]
    public sealed class IndexerNameAttribute : Attribute
    {
        public IndexerNameAttribute(string indexerName) { }
    }

    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct)]
    public sealed class InterpolatedStringHandlerAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.Parameter)]
    public sealed class InterpolatedStringHandlerArgumentAttribute : Attribute
    {
        public InterpolatedStringHandlerArgumentAttribute(string argument) { Arguments = new[] { argument }; }

        public InterpolatedStringHandlerArgumentAttribute(params string[] arguments) { Arguments = arguments; }

        public string[] Arguments { get; }
    }

    [AttributeUsage(AttributeTargets.Field)]
    public sealed class FixedBufferAttribute : Attribute
    {
        public FixedBufferAttribute(Type elementType, int length) { }
    }

    [AttributeUsage(AttributeTargets.Struct)]
    public sealed class InlineArrayAttribute : Attribute
    {
        public InlineArrayAttribute(int length) { Length = length; }

        public int Length { get; }
    }

    [AttributeUsage(AttributeTargets.Method)]
    public sealed class ModuleInitializerAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.Module | AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Constructor | AttributeTargets.Method | AttributeTargets.Property | AttributeTargets.Event | AttributeTargets.Interface)]
    public sealed class SkipLocalsInitAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.Parameter)]
    public sealed class CallerMemberNameAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.Parameter)]
    public sealed class CallerFilePathAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.Parameter)]
    public sealed class CallerLineNumberAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.Parameter)]
    public sealed class CallerArgumentExpressionAttribute : Attribute
    {
        public CallerArgumentExpressionAttribute(string parameterName) { ParameterName = parameterName; }

        public string ParameterName { get; }
    }

    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Field | AttributeTargets.Property)]
    public sealed class RequiredMemberAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.All, AllowMultiple = true)]
    public sealed class CompilerFeatureRequiredAttribute : Attribute
    {
        public CompilerFeatureRequiredAttribute(string featureName) { FeatureName = featureName; }

        public string FeatureName { get; }

        public bool IsOptional { get; set; }
    }

    [AttributeUsage(AttributeTargets.Field | AttributeTargets.Parameter | AttributeTargets.Property | AttributeTargets.ReturnValue)]
    public sealed class TupleElementNamesAttribute : Attribute
    {
        public TupleElementNamesAttribute(string[] transformNames) { TransformNames = transformNames; }

        public string[] TransformNames { get; }
    }

    public static class IsExternalInit { }

    // Features this runtime supports, as the compiler asks: ref fields, numeric IntPtr, function pointers with
    // unmanaged calling conventions, default interface methods.
    public static class RuntimeFeature
    {
        public const string ByRefFields = nameof(ByRefFields);
        public const string NumericIntPtr = nameof(NumericIntPtr);
        public const string UnmanagedSignatureCallingConvention = nameof(UnmanagedSignatureCallingConvention);
        public const string DefaultImplementationsOfInterfaces = nameof(DefaultImplementationsOfInterfaces);
        public const string CovariantReturnsOfClasses = nameof(CovariantReturnsOfClasses);
    }

    public enum MethodImplOptions
    {
        Unmanaged = 0x0004,
        NoInlining = 0x0008,
        ForwardRef = 0x0010,
        Synchronized = 0x0020,
        NoOptimization = 0x0040,
        PreserveSig = 0x0080,
        AggressiveInlining = 0x0100,
        AggressiveOptimization = 0x0200,
        InternalCall = 0x1000,
    }

    [AttributeUsage(AttributeTargets.Method | AttributeTargets.Constructor)]
    public sealed class MethodImplAttribute : Attribute
    {
        public MethodImplAttribute(MethodImplOptions methodImplOptions) { Value = methodImplOptions; }

        public MethodImplAttribute(short value) { Value = (MethodImplOptions)value; }

        public MethodImplOptions Value { get; }
    }

    // Calling-convention marker types for function pointers and UnmanagedCallersOnly.
    public class CallConvCdecl { }
    public class CallConvStdcall { }
    public class CallConvSuppressGCTransition { }
}

namespace System.Runtime
{
    // Exports a method under a C symbol name (ilc's contract).
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class RuntimeExportAttribute : Attribute
    {
        public RuntimeExportAttribute(string entry) { Entry = entry; }

        public string Entry { get; }
    }

    // Binds an extern method to a C symbol resolved at link time (ilc's contract).
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class RuntimeImportAttribute : Attribute
    {
        public RuntimeImportAttribute(string entry) { EntryPoint = entry; }

        public RuntimeImportAttribute(string dllName, string entry)
        {
            EntryPoint = entry;
            DllName = dllName;
        }

        public string DllName { get; }

        public string EntryPoint { get; }
    }
}

namespace System.Runtime.InteropServices
{
    public enum LayoutKind
    {
        Sequential = 0,
        Explicit = 2,
        Auto = 3,
    }

    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct, Inherited = false)]
    public sealed class StructLayoutAttribute : Attribute
    {
        public StructLayoutAttribute(LayoutKind layoutKind) { Value = layoutKind; }

        public LayoutKind Value { get; }

        public int Pack;
        public int Size;
    }

    [AttributeUsage(AttributeTargets.Field, Inherited = false)]
    public sealed class FieldOffsetAttribute : Attribute
    {
        public FieldOffsetAttribute(int offset) { Value = offset; }

        public int Value { get; }
    }

    [AttributeUsage(AttributeTargets.Method, Inherited = false)]
    public sealed class UnmanagedCallersOnlyAttribute : Attribute
    {
        public Type[] CallConvs;
        public string EntryPoint;
    }

    [AttributeUsage(AttributeTargets.Parameter, Inherited = false)]
    public sealed class InAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.Parameter, Inherited = false)]
    public sealed class OutAttribute : Attribute { }
}

namespace System.Runtime.CompilerServices
{
    [AttributeUsage(AttributeTargets.Assembly, AllowMultiple = true)]
    public sealed class InternalsVisibleToAttribute : Attribute
    {
        public InternalsVisibleToAttribute(string assemblyName) { AssemblyName = assemblyName; }

        public string AssemblyName { get; }
    }
}

namespace System.Runtime.CompilerServices
{
    // The modreq C# puts on volatile fields.
    public static class IsVolatile { }
}

namespace System.Runtime.CompilerServices
{
    // Marks structs holding fixed-size buffers.
    [AttributeUsage(AttributeTargets.Struct)]
    public sealed class UnsafeValueTypeAttribute : Attribute { }
}
