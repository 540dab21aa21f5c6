// The runtime's floating-point math (src/Runtime/System/FloatingMath*.cs), compiled here unchanged, against the host
// CLR's System.Math and its `%` operator, bit for bit, on random bit patterns and on the edges: ±0, subnormals, the
// largest and smallest normals, infinities, NaNs, halves, integers near 2^52 and huge quotients.
using System.Numerics;
using Xunit;

namespace Helios.Tests.Runtime;

public class FloatingMathAgainstTheBcl
{
    private static readonly double[] Edges =
    {
        0.0, -0.0, double.Epsilon, -double.Epsilon, 2.2250738585072009E-308, 2.2250738585072014E-308, -2.2250738585072014E-308,
        double.MaxValue, double.MinValue, double.PositiveInfinity, double.NegativeInfinity, double.NaN,
        BitConverter.Int64BitsToDouble(0x7FF0000000000001), BitConverter.Int64BitsToDouble(unchecked((long)0xFFF8000000000123)),
        0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 1.0, -1.0, 2.0, 3.0, 7.0, 3.3, 0.1,
        4503599627370495.5, 4503599627370496.0, 4503599627370497.0, -4503599627370495.5, 9007199254740993.0,
        1e17, 1e300, -1e300, 1e-300, 1e-310, 6.02214076e23, Math.PI, -Math.E,
    };

    // Random values of every kind: raw bit patterns (all exponents, NaNs, subnormals), then values near integers and
    // halves, then pairs for remainders with quotients up to 2^2000.
    private static IEnumerable<double> Inputs(int seed, int count)
    {
        var random = new Random(seed);
        foreach (double edge in Edges) yield return edge;
        for (int i = 0; i < count; i++)
        {
            yield return random.Next(5) switch
            {
                0 => BitConverter.Int64BitsToDouble(random.NextInt64() ^ ((long)random.Next() << 33)),
                1 => (random.NextInt64() >> random.Next(10, 64)) + random.Next(4) * 0.25 * (random.Next(2) == 0 ? 1 : -1),
                2 => BitConverter.Int64BitsToDouble(random.NextInt64() & unchecked((long)0x800FFFFFFFFFFFFFUL)),    // subnormals
                3 => (random.NextDouble() - 0.5) * Math.Pow(2, random.Next(-60, 60)),
                _ => BitConverter.Int64BitsToDouble(random.NextInt64()),
            };
        }
    }

    private static void Same(double expected, double actual, string what)
    {
        Assert.True(BitConverter.DoubleToInt64Bits(expected) == BitConverter.DoubleToInt64Bits(actual),
            $"{what}: the BCL gives {expected:R} (0x{BitConverter.DoubleToInt64Bits(expected):X16}), the runtime {actual:R} (0x{BitConverter.DoubleToInt64Bits(actual):X16})");
    }

    private static void Same(float expected, float actual, string what)
    {
        Assert.True(BitConverter.SingleToInt32Bits(expected) == BitConverter.SingleToInt32Bits(actual),
            $"{what}: the BCL gives {expected:R} (0x{BitConverter.SingleToInt32Bits(expected):X8}), the runtime {actual:R} (0x{BitConverter.SingleToInt32Bits(actual):X8})");
    }

    private static string Hex(double x) => $"0x{BitConverter.DoubleToInt64Bits(x):X16}";

    [Fact]
    public void AbsClearsTheSignOfZeroToo()
    {
        Same(0.0, FloatingMath.Abs(-0.0), "Abs(-0.0)");
        Assert.False(double.IsNegative(FloatingMath.Abs(-0.0)));
        foreach (double x in Inputs(21, 100_000)) Same(Math.Abs(x), FloatingMath.Abs(x), $"Abs({Hex(x)})");
        foreach (double x in Inputs(22, 20_000)) Same(Math.Abs((float)x), FloatingMath.Abs((float)x), $"Abs((float){Hex(x)})");
    }

    [Fact]
    public void SquareRootsAreCorrectlyRounded()
    {
        foreach (double x in Inputs(23, 300_000)) Same(Math.Sqrt(x), FloatingMath.Sqrt(x), $"Sqrt({Hex(x)})");
        foreach (double x in Inputs(24, 100_000)) Same(MathF.Sqrt((float)x), FloatingMath.Sqrt((float)x), $"MathF.Sqrt({Hex(x)})");
        // Squares of doubles and their neighbours: the roots just at and beside representable values.
        var random = new Random(25);
        for (int i = 0; i < 100_000; i++)
        {
            double root = BitConverter.Int64BitsToDouble(random.NextInt64(0x0000100000000000, 0x5FE0000000000000));
            double square = root * root;
            foreach (double x in new[] { square, Math.BitIncrement(square), Math.BitDecrement(square) })
                Same(Math.Sqrt(x), FloatingMath.Sqrt(x), $"Sqrt({Hex(x)})");
        }
    }

    [Fact]
    public void RoundingsToIntegersAreTheBcls()
    {
        foreach (double x in Inputs(26, 200_000))
        {
            Same(Math.Floor(x), FloatingMath.Floor(x), $"Floor({Hex(x)})");
            Same(Math.Ceiling(x), FloatingMath.Ceiling(x), $"Ceiling({Hex(x)})");
            Same(Math.Truncate(x), FloatingMath.Truncate(x), $"Truncate({Hex(x)})");
            Same(Math.Round(x), FloatingMath.Round(x), $"Round({Hex(x)})");
            Same(Math.Round(x, MidpointRounding.AwayFromZero), FloatingMath.RoundAwayFromZero(x), $"Round({Hex(x)}, AwayFromZero)");
            float f = (float)x;
            Same(MathF.Floor(f), (float)FloatingMath.Floor(f), $"MathF.Floor({f:R})");
            Same(MathF.Round(f), (float)FloatingMath.Round(f), $"MathF.Round({f:R})");
        }
    }

    [Fact]
    public void MinAndMaxFollowTheBclOnNaNsAndZeros()
    {
        var inputs = Inputs(27, 20_000).ToArray();
        var random = new Random(28);
        foreach (double x in Edges)
            foreach (double y in Edges)
                MinMax(x, y);
        for (int i = 0; i < 200_000; i++) MinMax(inputs[random.Next(inputs.Length)], inputs[random.Next(inputs.Length)]);

        // Which NaN comes out (quieted or not, x's or y's) differs in the BCL itself between ISAs and between the JIT's
        // tiers (a debug build of this suite and a release one answer differently), so a NaN matches any NaN here.
        static void MinMax(double x, double y)
        {
            SameOrNaN(Math.Max(x, y), FloatingMath.Max(x, y), $"Max({Hex(x)}, {Hex(y)})");
            SameOrNaN(Math.Min(x, y), FloatingMath.Min(x, y), $"Min({Hex(x)}, {Hex(y)})");
            SameOrNaN(Math.Max((float)x, (float)y), FloatingMath.Max((float)x, (float)y), $"Max((float){Hex(x)}, (float){Hex(y)})");
            SameOrNaN(Math.Min((float)x, (float)y), FloatingMath.Min((float)x, (float)y), $"Min((float){Hex(x)}, (float){Hex(y)})");
        }

        static void SameOrNaN<T>(T expected, T actual, string what) where T : IFloatingPointIeee754<T>
        {
            if (T.IsNaN(expected) && T.IsNaN(actual)) return;
            if (expected is double d) Same(d, (double)(object)actual, what);
            else Same((float)(object)expected, (float)(object)actual, what);
        }
    }

    [Fact]
    public void RemaindersAreExactForHugeQuotients()
    {
        Same(1e17 % 3.3, FloatingMath.Remainder(1e17, 3.3), "1e17 % 3.3");
        Same(1e300 % 7, FloatingMath.Remainder(1e300, 7), "1e300 % 7");
        Assert.NotEqual(0.0, FloatingMath.Remainder(1e17, 3.3));
        Assert.Equal(1.0, FloatingMath.Remainder(1e300, 7));
        var inputs = Inputs(29, 30_000).ToArray();
        var random = new Random(30);
        foreach (double x in Edges)
            foreach (double y in Edges)
                Remainders(x, y);
        for (int i = 0; i < 300_000; i++) Remainders(inputs[random.Next(inputs.Length)], inputs[random.Next(inputs.Length)]);

        static void Remainders(double x, double y)
        {
            Same(x % y, FloatingMath.Remainder(x, y), $"{Hex(x)} % {Hex(y)}");
            Same((float)x % (float)y, FloatingMath.Remainder((float)x, (float)y), $"(float){Hex(x)} % (float){Hex(y)}");
        }
    }

    // The transcendental functions: the runtime's are correctly rounded but in rare cases, the BCL's (glibc's) within
    // about 0.52 ulp, so they must agree bit for bit on nearly every input and never by more than one ulp, and exactly
    // wherever either answer is a zero, an infinity or a NaN. The fraction each must reach is a little below what it measures (docs/runtime.md#floating-point-math).
    public static TheoryData<string, double> Transcendentals => new()
    {
        { "Exp", 0.998 }, { "Log", 0.998 }, { "Log10", 0.998 }, { "Pow", 0.998 }, { "Sin", 0.996 }, { "Cos", 0.996 },
        { "Tan", 0.995 }, { "Atan", 0.998 }, { "Atan2", 0.998 },
    };

    private static (Func<double, double, double> Bcl, Func<double, double, double> Ours, Func<Random, (double, double)> Input) Function(string name)
    {
        static double Any(Random r) => BitConverter.Int64BitsToDouble(r.NextInt64());
        static double Wide(Random r) => (r.NextDouble() - 0.5) * Math.Pow(2, r.Next(-40, 40));
        static double Periods(Random r) => r.Next(4) == 0 ? Any(r) : r.Next(3) == 0 ? (r.NextDouble() - 0.5) * Math.Pow(2, r.Next(20, 1024)) : (r.NextDouble() - 0.5) * 100;
        return name switch
        {
            "Exp" => ((x, _) => Math.Exp(x), (x, _) => FloatingMath.Exp(x), r => (r.Next(4) == 0 ? Any(r) : (r.NextDouble() - 0.5) * 1500, 0)),
            "Log" => ((x, _) => Math.Log(x), (x, _) => FloatingMath.Log(x), r => (r.Next(2) == 0 ? Any(r) : Math.Abs(Wide(r)), 0)),
            "Log10" => ((x, _) => Math.Log10(x), (x, _) => FloatingMath.Log10(x), r => (r.Next(2) == 0 ? Any(r) : Math.Abs(Wide(r)), 0)),
            "Pow" => ((x, y) => Math.Pow(x, y), (x, y) => FloatingMath.Pow(x, y), r => r.Next(3) switch
            {
                0 => (Math.Abs(Wide(r)), (r.NextDouble() - 0.5) * 40),
                1 => (Wide(r), r.Next(-30, 30)),
                _ => (Any(r), Any(r)),
            }),
            "Sin" => ((x, _) => Math.Sin(x), (x, _) => FloatingMath.Sin(x), r => (Periods(r), 0)),
            "Cos" => ((x, _) => Math.Cos(x), (x, _) => FloatingMath.Cos(x), r => (Periods(r), 0)),
            "Tan" => ((x, _) => Math.Tan(x), (x, _) => FloatingMath.Tan(x), r => (Periods(r), 0)),
            "Atan" => ((x, _) => Math.Atan(x), (x, _) => FloatingMath.Atan(x), r => (r.Next(2) == 0 ? Any(r) : Wide(r), 0)),
            _ => ((y, x) => Math.Atan2(y, x), (y, x) => FloatingMath.Atan2(y, x), r => r.Next(2) == 0 ? (Any(r), Any(r)) : (Wide(r), Wide(r))),
        };
    }

    [Theory]
    [MemberData(nameof(Transcendentals))]
    public void TranscendentalsAgreeWithTheBcl(string name, double atLeast)
    {
        var (bcl, ours, input) = Function(name);
        foreach (double x in Edges)
            foreach (double y in new[] { 0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 3.0, -3.0, double.PositiveInfinity, double.NegativeInfinity, double.NaN, 1e308, double.Epsilon })
                Close(name, x, y, bcl(x, y), ours(x, y));
        var random = new Random(31);
        const int Count = 100_000;
        int same = 0;
        for (int i = 0; i < Count; i++)
        {
            (double x, double y) = input(random);
            if (Close(name, x, y, bcl(x, y), ours(x, y))) same++;
        }
        Assert.True(same >= atLeast * Count, $"{name}: {same} of {Count} bit for bit, fewer than {atLeast:P1}");
    }

    // Whether the two are the same bits (any NaN for a NaN); otherwise they must be neighbours of one sign. Zeros,
    // infinities and NaNs (the special cases' answers) must always be the same.
    private static bool Close(string name, double x, double y, double expected, double actual)
    {
        long e = BitConverter.DoubleToInt64Bits(expected), a = BitConverter.DoubleToInt64Bits(actual);
        if (e == a || (double.IsNaN(expected) && double.IsNaN(actual))) return true;
        bool special = double.IsNaN(expected) || double.IsInfinity(expected) || expected == 0 || double.IsNaN(actual) || double.IsInfinity(actual) || actual == 0;
        Assert.True(!special && Math.Abs(e - a) == 1 && Math.Sign(expected) == Math.Sign(actual),
            $"{name}({x:R} {Hex(x)}, {y:R} {Hex(y)}): the BCL gives {expected:R} ({Hex(expected)}), the runtime {actual:R} ({Hex(actual)})");
        return false;
    }

}
