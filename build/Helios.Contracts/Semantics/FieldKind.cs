// A field's kind as one byte, for the descriptor tables a contract-agnostic printer or marshaller reads:
// 1-12 the primitives (PrimitiveKind), then structs, exchange-heap arrays and the two endpoint ends.
using Helios.Contracts.Syntax;

namespace Helios.Contracts.Semantics;

public enum FieldKind : byte
{
    Struct = 13,
    ExHeapArray = 14,
    ImporterEndpoint = 15,
    ExporterEndpoint = 16,
}

public static class FieldKinds
{
    public static byte Of(TypeModel type) => type switch
    {
        PrimitiveType p => (byte)p.Kind,
        StructModel => (byte)FieldKind.Struct,
        ExHeapArrayType => (byte)FieldKind.ExHeapArray,
        EndpointType { End: EndpointEnd.Importer } => (byte)FieldKind.ImporterEndpoint,
        EndpointType => (byte)FieldKind.ExporterEndpoint,
        _ => 0,
    };
}
