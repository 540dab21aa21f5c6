// The type descriptor ilc emits for every type (its layout is ilc's contract; see docs/runtime.md). Objects point to
// their MethodTable in their first word. Optional fields follow the vtable and interface map in a fixed order, each
// present only when a flag says so, stored as 32-bit self-relative pointers.
using System.Runtime.CompilerServices;

namespace Internal.Runtime
{
    internal unsafe struct MethodTable
    {
        // Upper 16 bits: flags. Lower 16 bits: component size (arrays, strings) or extended flags.
        private uint _uFlags;
        private uint _uBaseSize;
        private MethodTable* _relatedType;      // base type; element type for arrays
        private ushort _usNumVtableSlots;
        private ushort _usNumInterfaces;
        private uint _uHashCode;

        private const uint KindMask = 0x00030000;
        private const uint HasDispatchMapFlag = 0x00040000;
        private const uint IsDynamicTypeFlag = 0x00080000;
        private const uint HasFinalizerFlag = 0x00100000;
        private const uint HasSealedVTableEntriesFlag = 0x00400000;
        private const uint GenericVarianceFlag = 0x00800000;
        private const uint HasPointersFlag = 0x01000000;
        private const uint IsGenericFlag = 0x02000000;
        private const uint ElementTypeMask = 0x7C000000;
        private const int ElementTypeShift = 26;
        private const uint HasComponentSizeFlag = 0x80000000;

        private const uint CanonicalKind = 0x00000000;
        private const uint ParameterizedKind = 0x00020000;
        private const uint GenericDefinitionKind = 0x00030000;

        // Extended flags (low 16 bits when there is no component size).
        private const ushort ValueTypePaddingMask = 0x00E0;
        private const int ValueTypePaddingShift = 5;

        internal const int SzArrayBaseSize = 3 * 8;

        [Intrinsic]
        internal static extern MethodTable* Of<T>();

        internal uint Flags => _uFlags;
        internal bool HasComponentSize => (_uFlags & HasComponentSizeFlag) != 0;
        internal ushort ComponentSize => HasComponentSize ? (ushort)_uFlags : (ushort)0;
        internal ushort ExtendedFlags => HasComponentSize ? (ushort)0 : (ushort)_uFlags;
        internal uint BaseSize => _uBaseSize;
        internal ushort NumVtableSlots => _usNumVtableSlots;
        internal ushort NumInterfaces => _usNumInterfaces;
        internal uint HashCode => _uHashCode;

        internal EETypeElementType ElementType => (EETypeElementType)((_uFlags & ElementTypeMask) >> ElementTypeShift);
        internal bool IsCanonical => (_uFlags & KindMask) == CanonicalKind;
        internal bool IsParameterized => (_uFlags & KindMask) == ParameterizedKind;
        internal bool IsGenericTypeDefinition => (_uFlags & KindMask) == GenericDefinitionKind;
        internal bool IsArray => ElementType is EETypeElementType.Array or EETypeElementType.SzArray;
        internal bool IsSzArray => ElementType == EETypeElementType.SzArray;
        // A multi-dimensional array's base size has a length and a lower bound (4 bytes each) per dimension.
        internal int ArrayRank => IsSzArray ? 1 : (int)(_uBaseSize - SzArrayBaseSize) / (2 * sizeof(int));
        internal bool IsInterface => ElementType == EETypeElementType.Interface;
        internal bool IsValueType => ElementType < EETypeElementType.Class;
        internal bool IsPrimitive => ElementType < EETypeElementType.ValueType;
        internal bool IsNullable => ElementType == EETypeElementType.Nullable;
        internal bool IsPointer => ElementType is EETypeElementType.Pointer or EETypeElementType.FunctionPointer;
        internal bool IsString => HasComponentSize && !IsArray && IsCanonical;
        internal bool IsGeneric => (_uFlags & IsGenericFlag) != 0;
        internal bool HasGenericVariance => (_uFlags & GenericVarianceFlag) != 0;
        internal bool HasFinalizer => (_uFlags & HasFinalizerFlag) != 0;
        internal bool ContainsGCPointers => (_uFlags & HasPointersFlag) != 0;
        internal bool HasDispatchMap => (_uFlags & HasDispatchMapFlag) != 0;
        internal bool HasSealedVTableEntries => (_uFlags & HasSealedVTableEntriesFlag) != 0;

        // Size of a value type's payload when boxed or stored in an array or field.
        internal uint ValueTypeSize => _uBaseSize - (uint)(2 * sizeof(nint)) - ((uint)(ExtendedFlags & ValueTypePaddingMask) >> ValueTypePaddingShift);

        // Classes and interfaces: the base class (null for Object and interfaces). Arrays: System.Array.
        internal MethodTable* BaseType
        {
            get
            {
                if (IsArray) return Of<System.Array>();
                return IsCanonical ? _relatedType : null;
            }
        }

        // Arrays, pointers, byrefs: the element type.
        internal MethodTable* RelatedParameterType => _relatedType;

        internal nint* Vtable => (nint*)((byte*)Unsafe.AsPointer(ref this) + sizeof(MethodTable));

        internal MethodTable** InterfaceMap => (MethodTable**)(Vtable + _usNumVtableSlots);

        // Offset of the first optional field: after the vtable and the interface map.
        private byte* OptionalFields => (byte*)(InterfaceMap + _usNumInterfaces);

        private static void* FollowRelative(byte* field) => field + *(int*)field;

        // Optional fields in order: TypeManager, WritableData, [DispatchMap], [Finalizer], [SealedVTable],
        // [GenericDefinition, GenericComposition].
        internal void* WritableData => FollowRelative(OptionalFields + 4);

        internal DispatchMap* DispatchMap => HasDispatchMap ? (DispatchMap*)FollowRelative(OptionalFields + 8) : null;

        private byte* AfterDispatchMap => OptionalFields + 8 + (HasDispatchMap ? 4 : 0);

        private byte* SealedVTableField => AfterDispatchMap + (HasFinalizer ? 4 : 0);

        private byte* GenericDefinitionField => SealedVTableField + (HasSealedVTableEntries ? 4 : 0);

        internal nint GetSealedVirtualSlot(int slot)
        {
            int* table = (int*)FollowRelative(SealedVTableField);
            return (nint)FollowRelative((byte*)(table + slot));
        }

        internal MethodTable* GenericDefinition => (MethodTable*)FollowRelative(GenericDefinitionField);

        // A generic definition keeps its parameter count where instantiated types keep their base size.
        internal uint GenericArity => GenericDefinition->_uBaseSize;

        // One argument: the composition field points straight at it. Several: at a list of relative pointers.
        internal MethodTable* GetGenericArgument(int index)
        {
            byte* composition = GenericDefinitionField + 4;
            if (GenericArity == 1) return (MethodTable*)FollowRelative(composition);
            int* list = (int*)FollowRelative(composition);
            return (MethodTable*)FollowRelative((byte*)(list + index));
        }

        // A generic definition with variant parameters keeps one GenericVariance byte per parameter.
        internal GenericVariance GetGenericVariance(int index)
        {
            MethodTable* definition = GenericDefinition;
            byte* composition = definition->OptionalFields + 8 + (definition->HasDispatchMap ? 4 : 0)
                + (definition->HasFinalizer ? 4 : 0) + (definition->HasSealedVTableEntries ? 4 : 0);
            return ((GenericVariance*)FollowRelative(composition))[index];
        }
    }

    internal enum EETypeElementType : byte
    {
        Unknown = 0x00,
        Void = 0x01,
        Boolean = 0x02,
        Char = 0x03,
        SByte = 0x04,
        Byte = 0x05,
        Int16 = 0x06,
        UInt16 = 0x07,
        Int32 = 0x08,
        UInt32 = 0x09,
        Int64 = 0x0A,
        UInt64 = 0x0B,
        IntPtr = 0x0C,
        UIntPtr = 0x0D,
        Single = 0x0E,
        Double = 0x0F,
        ValueType = 0x10,
        Nullable = 0x12,
        Class = 0x14,
        Interface = 0x15,
        SystemArray = 0x16,
        Array = 0x17,
        SzArray = 0x18,
        ByRef = 0x19,
        Pointer = 0x1A,
        FunctionPointer = 0x1B,
    }

    internal enum GenericVariance : byte
    {
        NonVariant = 0,
        Covariant = 1,
        Contravariant = 2,
        ArrayCovariant = 0x20,
    }

    // How a type implements its interfaces: (interface index, interface slot) → implementation slot. Slots at or
    // beyond the type's vtable size are sealed slots.
    internal unsafe struct DispatchMap
    {
        internal struct Entry
        {
            public ushort InterfaceIndex;
            public ushort InterfaceMethodSlot;
            public ushort ImplementationSlot;
        }

        private ushort _standardEntryCount;
        private ushort _defaultEntryCount;
        private ushort _standardStaticEntryCount;
        private ushort _defaultStaticEntryCount;

        internal int StandardEntryCount => _standardEntryCount;

        internal int DefaultEntryCount => _defaultEntryCount;

        internal Entry* Entries => (Entry*)((byte*)Unsafe.AsPointer(ref this) + 4 * sizeof(ushort));
    }
}
