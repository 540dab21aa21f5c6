// [DllImport] exists so that an app declaring a P/Invoke compiles and is then refused by the verifier (HV0004) with
// why — a SIP runs beside the kernel with no native libraries — rather than failing on a bare CS0246. The compiler
// turns it into the method's PInvokeImpl flag; nothing in Helios binds it to native code.
namespace System.Runtime.InteropServices
{
    [AttributeUsage(AttributeTargets.Method, Inherited = false)]
    public sealed class DllImportAttribute : Attribute
    {
        public DllImportAttribute(string dllName) { Value = dllName; }

        public string Value { get; }

        public string EntryPoint;
    }
}
