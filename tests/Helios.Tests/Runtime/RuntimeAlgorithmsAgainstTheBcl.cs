// The runtime's own implementations of BCL behaviour that is easy to get subtly wrong, compiled here unchanged and
// compared with the host CLR on many random inputs: shortest round-trip formatting of double and float, and the
// invariant culture's ordering of ASCII strings. (The in-kernel runtime tests pin a few cases on both.)
using System.Globalization;
using Xunit;

namespace Helios.Tests.Runtime;

public class RuntimeAlgorithmsAgainstTheBcl
{
    // The BCL's text, except where it does not read back as the value: for 2^-958 and 2^-25 the BCL prints 16 digits
    // that parse to the double below (a bug in its shortcut for powers of two); there the runtime must still round-trip.
    private static void SameAsTheBcl(double value)
    {
        string bcl = value.ToString(CultureInfo.InvariantCulture);
        string ours = FloatingFormat.Format(value);
        if (double.IsNaN(value) || double.Parse(bcl, CultureInfo.InvariantCulture).Equals(value)) Assert.Equal(bcl, ours);
        else Assert.Equal(value, double.Parse(ours, CultureInfo.InvariantCulture));
    }

    private static void SameAsTheBcl(float value)
        => Assert.Equal(value.ToString(CultureInfo.InvariantCulture), FloatingFormat.Format(value));

    [Fact]
    public void TheBclsPowerOfTwoSlipsAreRoundTripsHere()
    {
        Assert.Equal("4.1045368012983762E-289", FloatingFormat.Format(Math.Pow(2, -958)));
        Assert.Equal("2.9802322387695312E-08", FloatingFormat.Format(Math.Pow(2, -25)));
        Assert.NotEqual(Math.Pow(2, -25), double.Parse(Math.Pow(2, -25).ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture));
    }

    [Fact]
    public void DoublesFormatAsTheBclDoes()
    {
        var random = new Random(11);
        Span<byte> bits = stackalloc byte[8];
        for (int i = 0; i < 100_000; i++)
        {
            random.NextBytes(bits);
            double value = BitConverter.ToDouble(bits);
            SameAsTheBcl(value);
        }
        // Short decimals, integers, powers of two and ten, and the edges of the range.
        for (int i = 0; i < 50_000; i++)
        {
            double value = random.Next(4) switch
            {
                0 => Math.Round(random.NextDouble() * 1000, random.Next(6)),
                1 => random.NextInt64() >> random.Next(64),
                2 => Math.Pow(2, random.Next(-1074, 1024)),
                _ => Math.Pow(10, random.Next(-323, 309)) * (random.Next(2) == 0 ? 1 : -1),
            };
            SameAsTheBcl(value);
        }
        foreach (double value in new[] { double.MaxValue, double.Epsilon, -double.Epsilon, 2.2250738585072014E-308, 2.2250738585072009E-308, 0.1, 0.2, 0.3, 1e23, 5e-324, 9007199254740993.0 })
            SameAsTheBcl(value);
        for (int k = -1074; k < 1024; k++) SameAsTheBcl(Math.Pow(2, k));
    }

    [Fact]
    public void FloatsFormatAsTheBclDoes()
    {
        var random = new Random(12);
        Span<byte> bits = stackalloc byte[4];
        for (int i = 0; i < 100_000; i++)
        {
            random.NextBytes(bits);
            float value = BitConverter.ToSingle(bits);
            SameAsTheBcl(value);
        }
        for (int i = 0; i < 50_000; i++)
        {
            float value = random.Next(3) switch
            {
                0 => (float)Math.Round(random.NextDouble() * 1000, random.Next(6)),
                1 => random.Next() >> random.Next(32),
                _ => MathF.Pow(2, random.Next(-149, 128)),
            };
            SameAsTheBcl(value);
        }
        for (int k = -149; k < 128; k++) SameAsTheBcl(MathF.Pow(2, k));
    }

    private const string Alphabet = "aAbBzZ09 -_,.;:!?'\"()[]{}@*/\\&#%`^+<=>|~$\t\n\r\u0001\u007F";

    private static string RandomAscii(Random random, int maxLength, bool anyAscii)
    {
        var chars = new char[random.Next(maxLength + 1)];
        for (int i = 0; i < chars.Length; i++)
            chars[i] = anyAscii ? (char)random.Next(0x80) : Alphabet[random.Next(Alphabet.Length)];
        return new string(chars);
    }

    [Fact]
    public void AsciiOrderingIsTheInvariantCulturesOrdering()
    {
        CompareInfo invariant = CultureInfo.InvariantCulture.CompareInfo;
        Assert.Equal(-1, invariant.Compare("a", "B"));     // ICU is in use: an ordinal comparison would say 31
        var random = new Random(13);
        for (int i = 0; i < 150_000; i++)
        {
            bool anyAscii = random.Next(2) == 0;
            string a = RandomAscii(random, 6, anyAscii);
            // Often a near-copy of a, so that the later levels (case, ignored characters) decide.
            string b = random.Next(2) == 0 ? RandomAscii(random, 6, anyAscii) : Mutate(random, a);
            Assert.True(Math.Sign(invariant.Compare(a, b)) == InvariantAsciiCollation.Compare(a, b, ignoreCase: false),
                $"\"{Escape(a)}\" vs \"{Escape(b)}\": the invariant culture says {invariant.Compare(a, b)}");
            Assert.True(Math.Sign(invariant.Compare(a, b, CompareOptions.IgnoreCase)) == InvariantAsciiCollation.Compare(a, b, ignoreCase: true),
                $"\"{Escape(a)}\" vs \"{Escape(b)}\" ignoring case: the invariant culture says {invariant.Compare(a, b, CompareOptions.IgnoreCase)}");
        }
    }

    private static string Mutate(Random random, string text)
    {
        var chars = new List<char>(text);
        switch (random.Next(4))
        {
            case 0 when chars.Count > 0:
                int i = random.Next(chars.Count);
                chars[i] = char.IsUpper(chars[i]) ? char.ToLowerInvariant(chars[i]) : char.ToUpperInvariant(chars[i]);
                break;
            case 1:
                chars.Insert(random.Next(chars.Count + 1), Alphabet[random.Next(Alphabet.Length)]);
                break;
            case 2 when chars.Count > 0:
                chars.RemoveAt(random.Next(chars.Count));
                break;
            default:
                chars.Insert(random.Next(chars.Count + 1), (char)random.Next(0x20));
                break;
        }
        return new string(chars.ToArray());
    }

    private static string Escape(string text) => string.Concat(text.Select(c => c < 0x20 || c == 0x7F ? $"\\u{(int)c:x4}" : c.ToString()));
}
