// A method's EH clauses as ilc encodes them (its contract), innermost first:
//   count, then per clause: try start, (try length << 2 | kind), handler offset,
//   and for a typed catch a rel32 to the caught type's MethodTable, for a filter the filter funclet's offset.
// Offsets count from the start of the method's main body; finally blocks are encoded as fault clauses (both run
// on the way out during the second pass).
namespace Internal.Runtime.ExceptionHandling
{
    public enum EHClauseKind : byte
    {
        Typed = 0,
        Fault = 1,          // fault and finally
        Filter = 2,
    }

    public struct EHClause
    {
        public uint TryStart;       // [TryStart, TryEnd): offsets from the method start
        public uint TryEnd;
        public EHClauseKind Kind;
        public ulong Handler;       // address of the handler funclet
        public ulong Filter;        // address of the filter funclet (Filter)
        public ulong TargetType;    // address of the caught type's MethodTable (Typed)

        public readonly bool Covers(uint offset) => offset >= TryStart && offset < TryEnd;
    }

    public struct EHClauseReader
    {
        private ImageReader _reader;
        private readonly ulong _methodStart;
        private uint _remaining;

        public EHClauseReader(ImageView image, in ManagedCodeInfo code)
        {
            _methodStart = code.MethodStart;
            _reader = new ImageReader(image, code.EHInfo);
            _remaining = code.EHInfo == 0 ? 0 : _reader.NativeUnsigned();
            Index = -1;
        }

        /// <summary>The index of the clause Next last returned: clauses are numbered innermost first.</summary>
        public int Index { get; private set; }

        public bool Failed => _reader.Failed;

        public bool Next(out EHClause clause)
        {
            clause = default;
            if (_remaining == 0 || _reader.Failed) return false;
            _remaining--;
            Index++;
            clause.TryStart = _reader.NativeUnsigned();
            uint lengthAndKind = _reader.NativeUnsigned();
            clause.TryEnd = clause.TryStart + (lengthAndKind >> 2);
            clause.Kind = (EHClauseKind)(lengthAndKind & 3);
            clause.Handler = _methodStart + _reader.NativeUnsigned();
            switch (clause.Kind)
            {
                case EHClauseKind.Typed:
                    ulong field = _reader.Address;
                    clause.TargetType = field + (ulong)(long)_reader.S32();
                    break;
                case EHClauseKind.Filter:
                    clause.Filter = _methodStart + _reader.NativeUnsigned();
                    break;
                case EHClauseKind.Fault:
                    break;
                default:
                    return false;
            }
            return !_reader.Failed;
        }
    }
}
