// Reads RESULT lines out of a guest's console. Other lines (boot messages, markers) are not results and are skipped;
// a line that starts with "RESULT " but is not a well-formed result is an error that names its line and column. On a
// multikernel machine a line is tagged with its kernel ("k1: RESULT ..."), and a figure measured on a satellite (its
// kernel=<id> field, id > 0) is named after it: thread_yield@k1 beside the coordinator's thread_yield.
namespace Helios.Tooling.Bench;

public sealed record BenchParseError(int Line, int Column, string Message)
{
    public string Format(string source) => $"{source}:{Line}:{Column}: {Message}";
}

public sealed record BenchParseResult(IReadOnlyList<BenchResult> Results, IReadOnlyList<BenchParseError> Errors)
{
    public bool Ok => Errors.Count == 0;
}

public static class BenchResultParser
{
    private static readonly string[] RequiredKeys = ["name", "unit", "median", "min", "iters"];

    /// <summary>Every result in a console, in order; a name reported twice is an error.</summary>
    public static BenchParseResult ParseConsole(IEnumerable<string> lines)
    {
        var results = new List<BenchResult>();
        var errors = new List<BenchParseError>();
        var seen = new Dictionary<string, int>(StringComparer.Ordinal);
        int number = 0;
        foreach (string tagged in lines)
        {
            number++;
            Helios.Kernel.Diagnostics.HostProtocol.KernelTag(tagged, out string line);
            if (!IsResultLine(line)) continue;
            (BenchResult? result, int column, string? error) = ParseLine(line);
            if (result is null)
            {
                errors.Add(new BenchParseError(number, column, error!));
            }
            else if (seen.TryGetValue(result.Name, out int first))
            {
                errors.Add(new BenchParseError(number, 1, $"result '{result.Name}' reported twice (first on line {first})"));
            }
            else
            {
                seen[result.Name] = number;
                results.Add(result);
            }
        }
        return new BenchParseResult(results, errors);
    }

    public static bool IsResultLine(string line) => line.StartsWith(BenchResult.Marker + " ", StringComparison.Ordinal) || line == BenchResult.Marker;

    /// <summary>One RESULT line: the result, or the 1-based column of the problem and what it is.</summary>
    public static (BenchResult? Result, int Column, string? Error) ParseLine(string line)
    {
        if (!IsResultLine(line)) return (null, 1, $"not a result line (it must start with '{BenchResult.Marker} ')");
        var fields = new Dictionary<string, (string Value, int Column)>(StringComparer.Ordinal);
        int position = BenchResult.Marker.Length;
        while (position < line.Length)
        {
            if (line[position] != ' ') return (null, position + 1, "fields are separated by single spaces");
            position++;
            int end = line.IndexOf(' ', position);
            if (end < 0) end = line.Length;
            string field = line[position..end];
            int column = position + 1;
            int equals = field.IndexOf('=');
            if (field.Length == 0) return (null, column, "empty field (two spaces in a row, or a space at the end)");
            if (equals <= 0) return (null, column, $"'{field}' is not key=value");
            string key = field[..equals];
            if (fields.ContainsKey(key)) return (null, column, $"'{key}' given twice");
            fields[key] = (field[(equals + 1)..], column + equals + 1);
            position = end;
        }
        foreach (string key in RequiredKeys)
            if (!fields.ContainsKey(key)) return (null, line.Length + 1, $"missing {key}= (a result has name, unit, median, min and iters)");

        (string name, int nameColumn) = fields["name"];
        if (name.Length == 0 || !name.All(c => c is (>= 'a' and <= 'z') or (>= '0' and <= '9') or '_'))
            return (null, nameColumn, $"name '{name}' must be lower-case letters, digits and '_'");
        (string unitText, int unitColumn) = fields["unit"];
        BenchUnit unit;
        if (unitText == "ticks") unit = BenchUnit.Ticks;
        else if (unitText == "insns") unit = BenchUnit.Insns;
        else if (unitText == "us") unit = BenchUnit.Microseconds;
        else if (unitText == "tx_per_s") unit = BenchUnit.TxPerSecond;
        else if (unitText == "mib_per_s") unit = BenchUnit.MibPerSecond;
        else return (null, unitColumn, $"unit '{unitText}' is none of ticks, insns, us, tx_per_s, mib_per_s");

        (ulong? median, int medianColumn, string? medianError) = WholeNumber(fields, "median");
        if (median is null) return (null, medianColumn, medianError);
        (ulong? min, int minColumn, string? minError) = WholeNumber(fields, "min");
        if (min is null) return (null, minColumn, minError);
        (ulong? iters, int itersColumn, string? itersError) = WholeNumber(fields, "iters");
        if (iters is null) return (null, itersColumn, itersError);
        if (iters is 0 or > int.MaxValue) return (null, itersColumn, $"iters={iters} is not a number of repetitions");
        if (min > median) return (null, minColumn, $"min={min} is larger than median={median}");
        if (fields.TryGetValue("kernel", out (string Value, int Column) kernel))
        {
            if (kernel.Value.Length == 0 || kernel.Value.Length > 3 || !kernel.Value.All(char.IsAsciiDigit))
                return (null, kernel.Column, $"kernel='{kernel.Value}' is not a kernel id");
            if (kernel.Value != "0") name += "@k" + kernel.Value;
        }
        string extra = string.Join(" ", fields.Where(f => !RequiredKeys.Contains(f.Key) && f.Key != "kernel")
            .OrderBy(f => f.Value.Column).Select(f => f.Key + "=" + f.Value.Value));
        return (new BenchResult(name, unit, median.Value, min.Value, (int)iters.Value, extra), 0, null);
    }

    private static (ulong? Value, int Column, string? Error) WholeNumber(Dictionary<string, (string Value, int Column)> fields, string key)
    {
        (string text, int column) = fields[key];
        if (text.Length == 0 || !text.All(char.IsAsciiDigit) || !ulong.TryParse(text, out ulong value))
            return (null, column, $"{key}='{text}' is not a whole number");
        return (value, column, null);
    }
}
