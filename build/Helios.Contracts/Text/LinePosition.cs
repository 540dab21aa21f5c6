// A 1-based line and column in a source file.
namespace Helios.Contracts.Text;

public readonly struct LinePosition
{
    public LinePosition(int line, int column)
    {
        Line = line;
        Column = column;
    }

    public int Line { get; }

    public int Column { get; }

    public override string ToString() => $"{Line}:{Column}";
}
