// Collects the diagnostics of one compilation; caps each file's count so that garbage input gives a short report.
using System.Collections.Generic;
using Helios.Contracts.Text;

namespace Helios.Contracts.Diagnostics;

public sealed class DiagnosticBag
{
    /// <summary>At most this many diagnostics per file; the next one is replaced by a single HL0006.</summary>
    public const int MaxPerFile = 100;

    private readonly List<Diagnostic> _all = new();
    private readonly Dictionary<SourceFile, int> _perFile = new();

    public IReadOnlyList<Diagnostic> All => _all;

    public int Count => _all.Count;

    public bool HasErrors => _all.Count > 0;

    public int CountIn(SourceFile file) => _perFile.TryGetValue(file, out int n) ? n : 0;

    public void Report(DiagnosticKind kind, SourceFile file, SourceSpan span, string message)
    {
        int count = CountIn(file);
        if (count > MaxPerFile) return;
        _perFile[file] = count + 1;
        if (count == MaxPerFile)
        {
            _all.Add(new Diagnostic(DiagnosticKind.TooManyErrors, file.Locate(span), $"more than {MaxPerFile} errors in this file; stopping here"));
            return;
        }
        _all.Add(new Diagnostic(kind, file.Locate(span), message));
    }
}
