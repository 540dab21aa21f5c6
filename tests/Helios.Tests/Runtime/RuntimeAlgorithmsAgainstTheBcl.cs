// The runtime's own implementations of BCL behaviour that is easy to get subtly wrong, compiled here unchanged and
// compared with the host CLR on many random inputs: the invariant culture's ordering of ASCII strings. (The in-kernel
// runtime tests pin a few cases on both.)
using System.Globalization;
using Xunit;

namespace Helios.Tests.Runtime;

public class RuntimeAlgorithmsAgainstTheBcl
{
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
