// Decodes a method body's IL into instructions, refusing (not crashing on) truncated or undefined encodings, and
// records every offset control can enter other than by falling through (branch targets, handler starts), which the
// pattern checks need: a pattern is only one if nothing can jump into its middle.
using System.Reflection.Emit;
using System.Reflection.Metadata;

namespace Helios.Verifier.Il;

internal sealed class IlDecoder
{
    private IlDecoder(List<IlInstruction> instructions, HashSet<int> entries)
    {
        Instructions = instructions;
        Entries = entries;
    }

    public List<IlInstruction> Instructions { get; }

    /// <summary>Offsets reached by a branch, a switch or an exception handler.</summary>
    public HashSet<int> Entries { get; }

    /// <summary>The body's instructions, or null with the reason when the IL cannot be decoded.</summary>
    public static IlDecoder? TryDecode(MethodBodyBlock body, out string? error)
    {
        var instructions = new List<IlInstruction>();
        var entries = new HashSet<int>();
        BlobReader il = body.GetILReader();
        error = null;
        while (il.RemainingBytes > 0)
        {
            int offset = il.Offset;
            byte first = il.ReadByte();
            byte? second = first == 0xFE && il.RemainingBytes > 0 ? il.ReadByte() : null;
            OpCode? found = IlOpCodes.Find(first, second);
            if (found is not OpCode code)
            {
                error = $"IL_{offset:x4}: undefined opcode 0x{first:X2}{(second is byte b ? $"{b:X2}" : "")}";
                return null;
            }
            int size = OperandSize(code.OperandType);
            if (code.OperandType == OperandType.InlineSwitch)
            {
                if (il.RemainingBytes < 4) return Truncated(offset, code, out error);
                uint count = il.ReadUInt32();
                if (count > (uint)il.RemainingBytes / 4) return Truncated(offset, code, out error);
                int end = il.Offset + (int)count * 4;
                var targets = new int[count];
                for (int i = 0; i < count; i++) entries.Add(targets[i] = end + il.ReadInt32());
                instructions.Add(new IlInstruction(offset, code, count, targets));
                continue;
            }
            if (il.RemainingBytes < size) return Truncated(offset, code, out error);
            long operand = size switch
            {
                0 => 0,
                1 => code.OperandType == OperandType.ShortInlineBrTarget || code.OperandType == OperandType.ShortInlineI ? il.ReadSByte() : il.ReadByte(),
                2 => il.ReadUInt16(),
                4 => il.ReadInt32(),
                _ => il.ReadInt64(),
            };
            if (code.OperandType is OperandType.InlineBrTarget or OperandType.ShortInlineBrTarget)
            {
                int target = il.Offset + (int)operand;
                entries.Add(target);
                instructions.Add(new IlInstruction(offset, code, operand, [target]));
                continue;
            }
            instructions.Add(new IlInstruction(offset, code, operand));
        }
        foreach (ExceptionRegion region in body.ExceptionRegions)
        {
            entries.Add(region.HandlerOffset);
            if (region.Kind == ExceptionRegionKind.Filter) entries.Add(region.FilterOffset);
        }
        return new IlDecoder(instructions, entries);
    }

    private static IlDecoder? Truncated(int offset, OpCode code, out string error)
    {
        error = $"IL_{offset:x4}: {code.Name} runs past the end of the method body";
        return null;
    }

    private static int OperandSize(OperandType type) => type switch
    {
        OperandType.InlineNone => 0,
        OperandType.ShortInlineBrTarget or OperandType.ShortInlineI or OperandType.ShortInlineVar => 1,
        OperandType.InlineVar => 2,
        OperandType.InlineI8 or OperandType.InlineR => 8,
        _ => 4,
    };
}
