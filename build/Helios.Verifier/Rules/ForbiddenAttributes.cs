// Attributes that make the code they sit on unsafe or native, whatever assembly defines them: ilc and C# match these
// by name, so an app declaring its own copy gets the same effect and is refused the same way.
namespace Helios.Verifier.Rules;

internal static class ForbiddenAttributes
{
    private static readonly Dictionary<string, (VerifierRule Rule, string Reason)> Attributes = new(StringComparer.Ordinal)
    {
        ["System.Runtime.InteropServices.DllImportAttribute"] = (VerifierRule.PInvoke, "P/Invoke calls native code"),
        ["System.Runtime.InteropServices.LibraryImportAttribute"] = (VerifierRule.PInvoke, "P/Invoke calls native code"),
        ["System.Runtime.InteropServices.UnmanagedCallersOnlyAttribute"] = (VerifierRule.PInvoke, "makes a method callable from native code through a raw pointer"),
        ["System.Runtime.InteropServices.SuppressGCTransitionAttribute"] = (VerifierRule.PInvoke, "a native-call optimisation"),
        ["System.Runtime.RuntimeImportAttribute"] = (VerifierRule.PInvoke, "binds a method to a native symbol"),
        ["System.Runtime.RuntimeExportAttribute"] = (VerifierRule.PInvoke, "exports a method as a native symbol"),
        ["System.Runtime.CompilerServices.IntrinsicAttribute"] = (VerifierRule.RuntimeInternals, "asks the compiler to replace the method's body"),
        ["System.Runtime.CompilerServices.UnsafeAccessorAttribute"] = (VerifierRule.RuntimeInternals, "reaches private members of other types"),
        ["System.Runtime.CompilerServices.IgnoresAccessChecksToAttribute"] = (VerifierRule.RuntimeInternals, "turns off access checks"),
        ["System.Runtime.CompilerServices.FixedBufferAttribute"] = (VerifierRule.UnsafeCode, "a fixed-size buffer (unsafe code)"),
        ["System.Runtime.CompilerServices.UnsafeValueTypeAttribute"] = (VerifierRule.UnsafeCode, "a fixed-size buffer (unsafe code)"),
        ["System.Runtime.CompilerServices.SkipLocalsInitAttribute"] = (VerifierRule.UninitializedLocals, "leaves locals uninitialised, so they read old stack contents"),
    };

    public static bool TryGet(string fullName, out VerifierRule rule, out string reason)
    {
        if (Attributes.TryGetValue(fullName, out (VerifierRule Rule, string Reason) found))
        {
            (rule, reason) = found;
            return true;
        }
        (rule, reason) = (default, "");
        return false;
    }
}
