// One problem found in a topology file, printed the way compilers print theirs: "file:line:column: message".
namespace Helios.Placement;

public sealed record TopologyDiagnostic(string File, int Line, int Column, string Message)
{
    /// <summary>Line 0 means the problem is with the file as a whole (it cannot be read, it is too large).</summary>
    public override string ToString() => Line > 0 ? $"{File}:{Line}:{Column}: {Message}" : $"{File}: {Message}";
}
