// One problem found in a manifest, printed the way compilers print theirs: "file:line:column: message".
namespace Helios.Manifests;

public sealed record ManifestDiagnostic(string File, int Line, int Column, string Message)
{
    /// <summary>Line 0 means the problem is with the file as a whole (it cannot be read, it is too large).</summary>
    public override string ToString() => Line > 0 ? $"{File}:{Line}:{Column}: {Message}" : $"{File}: {Message}";
}
