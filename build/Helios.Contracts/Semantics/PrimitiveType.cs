// The blittable primitive types a field may have, with their fixed little-endian widths.
using System.Collections.Generic;

namespace Helios.Contracts.Semantics;

public enum PrimitiveKind : byte
{
    Bool = 1,
    Byte,
    SByte,
    Int16,
    UInt16,
    Int32,
    UInt32,
    Int64,
    UInt64,
    Char,
    Single,
    Double,
}

public sealed class PrimitiveType : TypeModel
{
    private static readonly Dictionary<string, PrimitiveType> ByKeyword = new();

    public static readonly PrimitiveType Bool = new(PrimitiveKind.Bool, "bool", "System.Boolean", 1);
    public static readonly PrimitiveType Byte = new(PrimitiveKind.Byte, "byte", "System.Byte", 1);
    public static readonly PrimitiveType SByte = new(PrimitiveKind.SByte, "sbyte", "System.SByte", 1);
    public static readonly PrimitiveType Int16 = new(PrimitiveKind.Int16, "short", "System.Int16", 2);
    public static readonly PrimitiveType UInt16 = new(PrimitiveKind.UInt16, "ushort", "System.UInt16", 2);
    public static readonly PrimitiveType Int32 = new(PrimitiveKind.Int32, "int", "System.Int32", 4);
    public static readonly PrimitiveType UInt32 = new(PrimitiveKind.UInt32, "uint", "System.UInt32", 4);
    public static readonly PrimitiveType Int64 = new(PrimitiveKind.Int64, "long", "System.Int64", 8);
    public static readonly PrimitiveType UInt64 = new(PrimitiveKind.UInt64, "ulong", "System.UInt64", 8);
    public static readonly PrimitiveType Char = new(PrimitiveKind.Char, "char", "System.Char", 2);
    public static readonly PrimitiveType Single = new(PrimitiveKind.Single, "float", "System.Single", 4);
    public static readonly PrimitiveType Double = new(PrimitiveKind.Double, "double", "System.Double", 8);

    private readonly int _size;

    private PrimitiveType(PrimitiveKind kind, string keyword, string clrName, int size)
    {
        Kind = kind;
        Keyword = keyword;
        ClrName = clrName;
        _size = size;
        ByKeyword[keyword] = this;
    }

    public PrimitiveKind Kind { get; }

    /// <summary>The C# keyword, which is also how contracts spell the type.</summary>
    public string Keyword { get; }

    /// <summary>The .NET type, e.g. System.Int32.</summary>
    public string ClrName { get; }

    public override string Name => Keyword;

    public override int Size => _size;

    /// <summary>Natural alignment: a primitive is aligned to its own width.</summary>
    public override int Alignment => _size;

    public static IEnumerable<PrimitiveType> All => ByKeyword.Values;

    public static PrimitiveType? Find(string keyword) => ByKeyword.TryGetValue(keyword, out PrimitiveType? type) ? type : null;
}
