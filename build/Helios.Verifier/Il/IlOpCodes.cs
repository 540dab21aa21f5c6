// Every IL opcode by its encoding, taken from System.Reflection.Emit.OpCodes (the host's own table of ECMA-335
// Partition III), so the decoder knows each instruction's operand without a hand-written table.
using System.Reflection;
using System.Reflection.Emit;

namespace Helios.Verifier.Il;

internal static class IlOpCodes
{
    private static readonly OpCode?[] OneByte = new OpCode?[256];
    private static readonly OpCode?[] TwoByte = new OpCode?[256];

    static IlOpCodes()
    {
        foreach (FieldInfo field in typeof(OpCodes).GetFields(BindingFlags.Public | BindingFlags.Static))
        {
            if (field.GetValue(null) is not OpCode code) continue;
            ushort value = unchecked((ushort)code.Value);
            if (code.Size == 1) OneByte[value] = code;
            else if ((value >> 8) == 0xFE) TwoByte[value & 0xFF] = code;
        }
    }

    /// <summary>The opcode whose encoding is first (and, for 0xFE, second); null for an undefined encoding.</summary>
    public static OpCode? Find(byte first, byte? second) => first == 0xFE ? (second is byte b ? TwoByte[b] : null) : OneByte[first];
}
