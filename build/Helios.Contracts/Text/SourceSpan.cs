// A range of characters in a source file: where a token, a declaration or a diagnostic is.
namespace Helios.Contracts.Text;

public readonly struct SourceSpan
{
    public SourceSpan(int start, int length)
    {
        Start = start;
        Length = length;
    }

    public int Start { get; }

    public int Length { get; }

    public int End => Start + Length;

    /// <summary>The span from the start of <paramref name="first"/> to the end of <paramref name="last"/>.</summary>
    public static SourceSpan Cover(SourceSpan first, SourceSpan last) =>
        new SourceSpan(first.Start, last.End > first.Start ? last.End - first.Start : first.Length);

    public override string ToString() => $"[{Start}..{End})";
}
