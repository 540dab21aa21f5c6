// binutils' view of an image's unwind tables (`readelf --debug-dump=frames-interp`): per function, the rows of its
// call frame table. The oracle the runtime's CFI interpreter is checked against.
using System.Diagnostics;
using System.Globalization;

namespace Helios.Tests.Unwinding;

internal sealed record FrameRow(ulong Location, string CfaRegister, long CfaOffset, IReadOnlyDictionary<string, string> Registers);

internal sealed record FrameTable(ulong Start, ulong End, IReadOnlyList<FrameRow> Rows);

internal static class ReadelfFrameTable
{
    public static IReadOnlyList<FrameTable> Read(string image)
    {
        var command = new ProcessStartInfo("readelf", ["--debug-dump=frames-interp", image]) { RedirectStandardOutput = true };
        using Process readelf = Process.Start(command) ?? throw new InvalidOperationException("cannot run readelf");
        string output = readelf.StandardOutput.ReadToEnd();
        readelf.WaitForExit();
        if (readelf.ExitCode != 0) throw new InvalidOperationException($"readelf failed on {image}");

        var tables = new List<FrameTable>();
        string[] lines = output.Split('\n');
        FrameRow cieRow = null;
        for (int i = 0; i < lines.Length; i++)
        {
            bool cie = lines[i].Contains(" CIE ", StringComparison.Ordinal);
            int pc = lines[i].Contains(" FDE cie=", StringComparison.Ordinal) ? lines[i].IndexOf("pc=", StringComparison.Ordinal) : -1;
            if (!cie && pc < 0) continue;
            string header = lines[i];
            List<FrameRow> rows = ReadRows(lines, ref i);
            if (cie)
            {
                cieRow = rows.Single();
                continue;
            }
            string[] range = header[(pc + 3)..].Trim().Split("..");
            ulong start = Hex(range[0]);
            // A function without instructions of its own prints no table: its one row is the CIE's.
            if (rows.Count == 0) rows.Add(cieRow! with { Location = start });
            tables.Add(new FrameTable(start, Hex(range[1]), rows));
        }
        return tables;
    }

    // The "LOC CFA registers..." header after line i and the rows under it, up to a blank line; i ends on the last.
    private static List<FrameRow> ReadRows(string[] lines, ref int i)
    {
        var rows = new List<FrameRow>();
        if (i + 1 >= lines.Length || !lines[i + 1].TrimStart().StartsWith("LOC", StringComparison.Ordinal)) return rows;
        string[] columns = lines[++i].Split(' ', StringSplitOptions.RemoveEmptyEntries);
        while (i + 1 < lines.Length && lines[i + 1].Trim().Length > 0)
        {
            string[] cells = lines[++i].Split(' ', StringSplitOptions.RemoveEmptyEntries);
            string cfa = cells[1];
            int sign = cfa.IndexOfAny(['+', '-']);
            var registers = new Dictionary<string, string>();
            for (int c = 2; c < cells.Length; c++) registers[columns[c]] = cells[c];
            rows.Add(new FrameRow(Hex(cells[0]), cfa[..sign], long.Parse(cfa[sign..], CultureInfo.InvariantCulture), registers));
        }
        return rows;
    }

    private static ulong Hex(string text) => ulong.Parse(text, NumberStyles.HexNumber, CultureInfo.InvariantCulture);
}
