// Types at run time: one RuntimeType per MethodTable, named from the image's symbol table (images carry no
// reflection metadata).
using System.Runtime;
using Internal.Runtime;

namespace System
{
    public abstract class Type
    {
        public abstract string Name { get; }

        public abstract string FullName { get; }

        public abstract string Namespace { get; }

        public abstract RuntimeTypeHandle TypeHandle { get; }

        public abstract bool IsValueType { get; }

        public abstract bool IsInterface { get; }

        public abstract bool IsArray { get; }

        public abstract Type BaseType { get; }

        public virtual bool IsAssignableFrom(Type c) => false;

        public static unsafe Type GetTypeFromHandle(RuntimeTypeHandle handle) => handle.IsNull ? null : RuntimeType.Of(handle.MethodTable);

        public override string ToString() => FullName;

        public static bool operator ==(Type left, Type right) => ReferenceEquals(left, right);

        public static bool operator !=(Type left, Type right) => !ReferenceEquals(left, right);

        public override bool Equals(object o) => ReferenceEquals(this, o);

        public override int GetHashCode() => base.GetHashCode();
    }

    internal sealed unsafe class RuntimeType : Type
    {
        private readonly MethodTable* _mt;

        private RuntimeType(MethodTable* mt) { _mt = mt; }

        // The MethodTable's writable slot caches its RuntimeType, so typeof(X) == typeof(X) by reference.
        internal static RuntimeType Of(MethodTable* mt)
        {
            object* cache = (object*)mt->WritableData;
            if (*cache is RuntimeType cached) return cached;
            var type = new RuntimeType(mt);
            *cache = type;
            return type;
        }

        internal MethodTable* MethodTable => _mt;

        public override string FullName => TypeNames.FullName(_mt);

        public override string Name
        {
            get
            {
                string full = FullName;
                int dot = full.LastIndexOf('.');
                return dot < 0 ? full : full.Substring(dot + 1);
            }
        }

        public override string Namespace
        {
            get
            {
                string full = FullName;
                int dot = full.LastIndexOf('.');
                return dot < 0 ? null : full.Substring(0, dot);
            }
        }

        public override RuntimeTypeHandle TypeHandle => new RuntimeTypeHandle(_mt);

        public override bool IsValueType => _mt->IsValueType;

        public override bool IsInterface => _mt->IsInterface;

        public override bool IsArray => _mt->IsArray;

        public override Type BaseType => _mt->IsInterface || _mt->BaseType == null ? null : Of(_mt->BaseType);

        public override bool IsAssignableFrom(Type c) => c is RuntimeType other && TypeCast.AreTypesAssignable(other._mt, _mt);

        public override int GetHashCode() => (int)_mt->HashCode;
    }

    public unsafe struct RuntimeTypeHandle
    {
        // ilc's contract: ldtoken of a type yields this struct holding the MethodTable pointer.
        private readonly nint _value;

        internal RuntimeTypeHandle(MethodTable* mt) { _value = (nint)mt; }

        public nint Value => _value;

        internal bool IsNull => _value == 0;

        internal MethodTable* MethodTable => (MethodTable*)_value;

        public override bool Equals(object obj) => obj is RuntimeTypeHandle other && other._value == _value;

        public override int GetHashCode() => (int)_value;
    }

    public struct RuntimeMethodHandle
    {
        private readonly nint _value;

        public nint Value => _value;
    }

    public struct RuntimeFieldHandle
    {
        private readonly nint _value;

        public nint Value => _value;
    }
}
