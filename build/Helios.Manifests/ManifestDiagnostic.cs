// One problem found in a manifest, printed the way compilers print theirs: "file:line:column: HMnnnn: message", or
// for MSBuild (and so for IDEs) "file(line,column): error HMnnnn: message".
namespace Helios.Manifests;

public sealed record ManifestDiagnostic(string File, int Line, int Column, ManifestErrorCode Code, string Message)
{
    /// <summary>Line 0 means the problem is with the file as a whole (it cannot be read, it is too large).</summary>
    public override string ToString() => Line > 0 ? $"{File}:{Line}:{Column}: {Code.Code()}: {Message}" : $"{File}: {Code.Code()}: {Message}";

    /// <summary>MSBuild's canonical error format, which its Exec task turns into a build error at the file's line.</summary>
    public string ToMsBuildError() =>
        Line > 0 ? $"{File}({Line},{Column}): error {Code.Code()}: {Message}" : $"{File}: error {Code.Code()}: {Message}";
}
