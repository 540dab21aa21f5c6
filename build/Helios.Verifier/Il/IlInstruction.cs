// One decoded IL instruction: where it is, what it is, and its operand (a token, a constant or branch targets).
using System.Reflection.Emit;

namespace Helios.Verifier.Il;

internal readonly record struct IlInstruction(int Offset, OpCode OpCode, long Operand, int[]? Targets = null)
{
    /// <summary>The metadata token operand (call, ldfld, newobj, ldtoken ...).</summary>
    public int Token => (int)Operand;

    public bool Is(OpCode code) => OpCode.Value == code.Value;

    /// <summary>ldc.i4 in any of its forms, as a constant.</summary>
    public bool TryGetInt32Constant(out int value)
    {
        short v = OpCode.Value;
        if (v >= OpCodes.Ldc_I4_M1.Value && v <= OpCodes.Ldc_I4_8.Value)
        {
            value = v - OpCodes.Ldc_I4_0.Value;
            return true;
        }
        if (v == OpCodes.Ldc_I4_S.Value || v == OpCodes.Ldc_I4.Value)
        {
            value = (int)Operand;
            return true;
        }
        value = 0;
        return false;
    }

    public string Label => $"IL_{Offset:x4}";
}
