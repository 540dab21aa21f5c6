// Checks that every signature blob is well formed before anything decodes it. System.Reflection.Metadata trusts
// the counts in a blob (a generic instantiation claiming 400 million arguments gets an array that large), so hostile
// metadata could make the verifier crawl; here each count must fit in the bytes left, nesting is bounded, and the
// grammar is ECMA-335 II.23.2's.
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;

namespace Helios.Verifier.Metadata;

internal static class SignatureGuard
{
    private const int MaxNesting = 64;

    /// <summary>The first malformed signature in the module, described, or null when every one is well formed.</summary>
    public static string? FindMalformed(MetadataReader reader)
    {
        foreach (MethodDefinitionHandle h in reader.MethodDefinitions)
            if (!Method(reader.GetBlobReader(reader.GetMethodDefinition(h).Signature))) return $"the signature of method 0x{MetadataTokens.GetToken(h):X8}";
        foreach (FieldDefinitionHandle h in reader.FieldDefinitions)
            if (!Field(reader.GetBlobReader(reader.GetFieldDefinition(h).Signature))) return $"the signature of field 0x{MetadataTokens.GetToken(h):X8}";
        foreach (MemberReferenceHandle h in reader.MemberReferences)
        {
            BlobReader blob = reader.GetBlobReader(reader.GetMemberReference(h).Signature);
            bool good = blob.Length > 0 && blob.ReadByte() == 0x06 ? Field(reader.GetBlobReader(reader.GetMemberReference(h).Signature)) : Method(reader.GetBlobReader(reader.GetMemberReference(h).Signature));
            if (!good) return $"the signature of member reference 0x{MetadataTokens.GetToken(h):X8}";
        }
        foreach (PropertyDefinitionHandle h in reader.PropertyDefinitions)
            if (!Property(reader.GetBlobReader(reader.GetPropertyDefinition(h).Signature))) return $"the signature of property 0x{MetadataTokens.GetToken(h):X8}";
        for (int row = 1; row <= reader.GetTableRowCount(TableIndex.TypeSpec); row++)
        {
            BlobReader blob = reader.GetBlobReader(reader.GetTypeSpecification(MetadataTokens.TypeSpecificationHandle(row)).Signature);
            if (!Type(ref blob, 0) || blob.RemainingBytes != 0) return $"type specification 0x{MetadataTokens.GetToken(MetadataTokens.TypeSpecificationHandle(row)):X8}";
        }
        for (int row = 1; row <= reader.GetTableRowCount(TableIndex.MethodSpec); row++)
        {
            BlobReader blob = reader.GetBlobReader(reader.GetMethodSpecification(MetadataTokens.MethodSpecificationHandle(row)).Signature);
            if (!Instantiation(ref blob)) return $"method specification 0x{MetadataTokens.GetToken(MetadataTokens.MethodSpecificationHandle(row)):X8}";
        }
        for (int row = 1; row <= reader.GetTableRowCount(TableIndex.StandAloneSig); row++)
        {
            BlobReader blob = reader.GetBlobReader(reader.GetStandaloneSignature(MetadataTokens.StandaloneSignatureHandle(row)).Signature);
            bool good = blob.Length > 0 && blob.ReadByte() == 0x07 ? Locals(ref blob) : Method(reader.GetBlobReader(reader.GetStandaloneSignature(MetadataTokens.StandaloneSignatureHandle(row)).Signature));
            if (!good) return $"standalone signature 0x{MetadataTokens.GetToken(MetadataTokens.StandaloneSignatureHandle(row)):X8}";
        }
        return null;
    }

    private static bool Method(BlobReader blob)
    {
        if (!Byte(ref blob, out byte header) || (header & 0x0F) > 0x05) return false;
        if ((header & 0x10) != 0 && !Compressed(ref blob, out _)) return false;
        if (!Count(ref blob, out int parameters) || !ReturnOrParameter(ref blob, 0)) return false;
        for (int i = 0; i < parameters; i++)
        {
            if (Peek(ref blob) == 0x41) blob.ReadByte();   // SENTINEL before varargs
            if (!ReturnOrParameter(ref blob, 0)) return false;
        }
        return blob.RemainingBytes == 0;
    }

    private static bool Field(BlobReader blob) => Byte(ref blob, out byte header) && header == 0x06 && ReturnOrParameter(ref blob, 0) && blob.RemainingBytes == 0;

    private static bool Property(BlobReader blob)
    {
        if (!Byte(ref blob, out byte header) || (header & 0x0F) != 0x08 || !Count(ref blob, out int parameters) || !ReturnOrParameter(ref blob, 0)) return false;
        for (int i = 0; i < parameters; i++) if (!ReturnOrParameter(ref blob, 0)) return false;
        return blob.RemainingBytes == 0;
    }

    private static bool Locals(ref BlobReader blob)
    {
        if (!Count(ref blob, out int count)) return false;
        for (int i = 0; i < count; i++)
        {
            while (Peek(ref blob) is 0x45) blob.ReadByte();   // PINNED
            if (!ReturnOrParameter(ref blob, 0)) return false;
        }
        return blob.RemainingBytes == 0;
    }

    private static bool Instantiation(ref BlobReader blob)
    {
        if (!Byte(ref blob, out byte header) || header != 0x0A || !Count(ref blob, out int count) || count == 0) return false;
        for (int i = 0; i < count; i++) if (!Type(ref blob, 0)) return false;
        return blob.RemainingBytes == 0;
    }

    /// <summary>Custom modifiers, then BYREF, TYPEDBYREF, VOID or a type.</summary>
    private static bool ReturnOrParameter(ref BlobReader blob, int depth)
    {
        if (!Modifiers(ref blob)) return false;
        int next = Peek(ref blob);
        if (next is 0x16 or 0x01) { blob.ReadByte(); return true; }   // TYPEDBYREF, VOID
        if (next == 0x10) blob.ReadByte();                            // BYREF
        return Type(ref blob, depth);
    }

    private static bool Modifiers(ref BlobReader blob)
    {
        while (Peek(ref blob) is 0x1F or 0x20)
        {
            blob.ReadByte();
            if (!TypeToken(ref blob)) return false;
        }
        return true;
    }

    private static bool Type(ref BlobReader blob, int depth)
    {
        if (depth > MaxNesting || !Byte(ref blob, out byte code)) return false;
        switch (code)
        {
            case >= 0x02 and <= 0x0E or 0x16 or 0x18 or 0x19 or 0x1C:   // primitives, string, TYPEDBYREF, I, U, object
                return true;
            case 0x11 or 0x12:                                            // VALUETYPE, CLASS
                return TypeToken(ref blob);
            case 0x0F or 0x1D:                                            // PTR, SZARRAY
                return Modifiers(ref blob) && (Peek(ref blob) == 0x01 ? blob.ReadByte() == 0x01 : Type(ref blob, depth + 1));
            case 0x10:                                                    // BYREF (inside a type, e.g. a generic argument)
                return Type(ref blob, depth + 1);
            case 0x13 or 0x1E:                                            // VAR, MVAR
                return Compressed(ref blob, out _);
            case 0x1B:                                                    // FNPTR
                return FunctionPointer(ref blob, depth + 1);
            case 0x14:                                                    // ARRAY
                if (!Type(ref blob, depth + 1) || !Compressed(ref blob, out int rank) || rank == 0 || !Count(ref blob, out int sizes)) return false;
                for (int i = 0; i < sizes; i++) if (!Compressed(ref blob, out _)) return false;
                if (!Count(ref blob, out int bounds)) return false;
                for (int i = 0; i < bounds; i++) if (!SignedCount(ref blob)) return false;
                return true;
            case 0x15:                                                    // GENERICINST
                if (!Byte(ref blob, out byte kind) || kind is not (0x11 or 0x12) || !TypeToken(ref blob) || !Count(ref blob, out int arguments) || arguments == 0) return false;
                for (int i = 0; i < arguments; i++) if (!Type(ref blob, depth + 1)) return false;
                return true;
            case 0x1F or 0x20:                                            // a modifier in front of a type
                return TypeToken(ref blob) && Type(ref blob, depth + 1);
            case 0x45:                                                    // PINNED
                return Type(ref blob, depth + 1);
            default:
                return false;
        }
    }

    private static bool FunctionPointer(ref BlobReader blob, int depth)
    {
        if (!Byte(ref blob, out byte header) || (header & 0x10) != 0 && !Compressed(ref blob, out _)) return false;
        if (!Count(ref blob, out int parameters) || !ReturnOrParameter(ref blob, depth)) return false;
        for (int i = 0; i < parameters; i++)
        {
            if (Peek(ref blob) == 0x41) blob.ReadByte();
            if (!ReturnOrParameter(ref blob, depth)) return false;
        }
        return true;
    }

    private static bool TypeToken(ref BlobReader blob)
    {
        if (!Compressed(ref blob, out int coded)) return false;
        return (coded & 3) != 3;   // TypeDefOrRefOrSpec: tag 3 is not defined
    }

    private static bool Compressed(ref BlobReader blob, out int value)
    {
        value = 0;
        return blob.RemainingBytes > 0 && blob.TryReadCompressedInteger(out value);
    }

    /// <summary>A compressed unsigned integer that, as a count of following items, fits in the bytes left.</summary>
    private static bool Count(ref BlobReader blob, out int value)
    {
        value = 0;
        if (blob.RemainingBytes == 0 || !blob.TryReadCompressedInteger(out value)) return false;
        return value <= blob.RemainingBytes + 1;
    }

    private static bool SignedCount(ref BlobReader blob) => blob.RemainingBytes > 0 && blob.TryReadCompressedSignedInteger(out _);

    private static bool Byte(ref BlobReader blob, out byte value)
    {
        value = 0;
        if (blob.RemainingBytes == 0) return false;
        value = blob.ReadByte();
        return true;
    }

    private static int Peek(ref BlobReader blob)
    {
        if (blob.RemainingBytes == 0) return -1;
        BlobReader copy = blob;
        return copy.ReadByte();
    }
}
