// Interface calls. Each call site calls through a dispatch cell (ilc's contract) whose stub is at first
// RhpInitialDynamicInterfaceDispatch (Arch/*/InterfaceDispatch.S); that stub saves the arguments and asks Resolve
// below for the target. Cells are emitted in groups; the group's last cell has a null stub and carries the slot.
using System;
using System.Runtime;

namespace Internal.Runtime
{
    internal static unsafe class InterfaceDispatch
    {
        private struct Cell
        {
            public nint Stub;
            public nint Cache;
        }

        // Low bits of a cell's Cache word before it is first resolved.
        private const nint CacheIsInterfaceRelativePointer = 3;
        private const nint CacheIsIndirectedInterfaceRelativePointer = 2;
        private const nint CacheIsInterfacePointer = 1;
        private const nint CacheTagMask = 3;

        [RuntimeExport("RhpCidResolve")]
        private static nint Resolve(object obj, Cell* cell)
        {
            MethodTable* itf = InterfaceOf(cell);
            ushort slot = SlotOf(cell);
            nint target = FindImplementation(obj.m_pEEType, itf, slot);
            if (target == 0)
                RuntimeHost.FailFast("Interface dispatch: " + TypeNames.FullName(obj.m_pEEType) + " does not implement slot "
                                     + slot.ToString() + " of " + TypeNames.FullName(itf));
            return target;
        }

        private static MethodTable* InterfaceOf(Cell* cell)
        {
            nint cache = cell->Cache;
            byte* field = (byte*)&cell->Cache;
            switch (cache & CacheTagMask)
            {
                case CacheIsInterfaceRelativePointer:
                    return (MethodTable*)(field + (int)(cache & ~CacheTagMask));
                case CacheIsIndirectedInterfaceRelativePointer:
                    return *(MethodTable**)(field + (int)(cache & ~CacheTagMask));
                case CacheIsInterfacePointer:
                    return (MethodTable*)(cache & ~CacheTagMask);
                default:
                    RuntimeHost.FailFast("Interface dispatch: unsupported dispatch cell");
                    return null;
            }
        }

        private static ushort SlotOf(Cell* cell)
        {
            while (cell->Stub != 0) cell++;
            if (((cell->Cache >> 16) & 0xFFFF) != 0) RuntimeHost.FailFast("Interface dispatch: unsupported dispatch cell kind");
            return (ushort)cell->Cache;
        }

        // Walk from the object's type towards Object; the first type whose dispatch map answers (interface, slot)
        // names the implementation. Virtual implementations are read from the object's own vtable, so overrides in
        // derived classes win; sealed ones from the type that declared them. Matches are tried exactly first, then
        // through generic variance, then (arrays only) through array covariance.
        internal static nint FindImplementation(MethodTable* type, MethodTable* itf, ushort slot)
        {
            int passes = type->IsSzArray ? 3 : 2;
            for (MethodTable* t = type; t != null; t = t->BaseType)
            {
                DispatchMap* map = t->DispatchMap;
                if (map == null) continue;
                DispatchMap.Entry* entries = map->Entries;
                for (int pass = 0; pass < passes; pass++)
                {
                    for (int i = 0; i < map->StandardEntryCount; i++)
                    {
                        DispatchMap.Entry* e = &entries[i];
                        if (e->InterfaceMethodSlot != slot) continue;
                        if (!Matches(pass, t->InterfaceMap[e->InterfaceIndex], itf)) continue;
                        return e->ImplementationSlot < t->NumVtableSlots
                            ? type->Vtable[e->ImplementationSlot]
                            : t->GetSealedVirtualSlot(e->ImplementationSlot - t->NumVtableSlots);
                    }
                }
            }
            return 0;
        }

        // Pass 2: a string[] cast to IList<object> (TypeCast.ImplementsInterface allows it: string[] is an object[])
        // is served by the array's IList<string>, which has the same slots. The cast already checked the elements.
        private static bool Matches(int pass, MethodTable* declared, MethodTable* itf) => pass switch
        {
            0 => declared == itf,
            1 => TypeCast.IsVariantCompatible(declared, itf),
            _ => declared->IsGeneric && itf->IsGeneric && declared->GenericDefinition == itf->GenericDefinition,
        };
    }
}
