// Known to ilc by name; Helios has no dynamic interface casting, so nothing implements it.
namespace System.Runtime.InteropServices
{
    public interface IDynamicInterfaceCastable
    {
        bool IsInterfaceImplemented(RuntimeTypeHandle interfaceType, bool throwIfNotImplemented);

        RuntimeTypeHandle GetInterfaceImplementation(RuntimeTypeHandle interfaceType);

        internal static nint GetDynamicInterfaceImplementation(IDynamicInterfaceCastable instance, nint interfaceType, ushort slot)
        {
            ThrowHelper.ThrowNotSupportedException("IDynamicInterfaceCastable is not supported.");
            return 0;
        }
    }
}
