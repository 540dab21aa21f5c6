// A contract source file: its path, its text, and the line starts that turn an offset into line:column.
using System.Collections.Generic;

namespace Helios.Contracts.Text;

public sealed class SourceFile
{
    private readonly int[] _lineStarts;

    public SourceFile(string path, string text)
    {
        Path = path;
        Text = text;
        _lineStarts = ComputeLineStarts(text);
    }

    public string Path { get; }

    public string Text { get; }

    public int LineCount => _lineStarts.Length;

    /// <summary>The 1-based line and column of an offset (a column counts UTF-16 code units, as Roslyn does).</summary>
    public LinePosition GetPosition(int offset)
    {
        if (offset < 0) offset = 0;
        if (offset > Text.Length) offset = Text.Length;
        int lo = 0, hi = _lineStarts.Length - 1;
        while (lo < hi)
        {
            int mid = (lo + hi + 1) / 2;
            if (_lineStarts[mid] <= offset) lo = mid;
            else hi = mid - 1;
        }
        return new LinePosition(lo + 1, offset - _lineStarts[lo] + 1);
    }

    public SourceLocation Locate(SourceSpan span) => new SourceLocation(this, span);

    // The same line breaks as Roslyn's SourceText, so that the build and `helios contract check` agree on lines.
    private static int[] ComputeLineStarts(string text)
    {
        var starts = new List<int> { 0 };
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            if (c == '\r')
            {
                if (i + 1 < text.Length && text[i + 1] == '\n') i++;
                starts.Add(i + 1);
            }
            else if (c == '\n' || c == '\u0085' || c == '\u2028' || c == '\u2029')
            {
                starts.Add(i + 1);
            }
        }
        return starts.ToArray();
    }
}
