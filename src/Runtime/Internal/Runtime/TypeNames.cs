// Type names for Type.FullName and error messages: a MethodTable's symbol in the image's symbol table.
namespace Internal.Runtime
{
    internal static unsafe class TypeNames
    {
        internal static string FullName(MethodTable* mt)
        {
            if (ImageSymbols.TryLookup(mt, out string name, out ulong offset, out SymbolKind kind) && offset == 0 && kind == SymbolKind.Type)
                return name;
            return "MethodTable@0x" + ((ulong)mt).ToString("x");
        }
    }
}
