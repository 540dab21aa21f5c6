// The sector cache's index (src/Services/Fat32/SectorIndex.cs) against a Dictionary: random adds, replacements and
// removals, with keys that crowd the same homes (a file's consecutive sectors, the cache's negative parked keys), so
// that deletion's shifting back is exercised on wrapped runs too.
using Xunit;
using Helios.Services.Fat32;

namespace Helios.Tests.Storage;

public class SectorIndexTests
{
    [Theory]
    [InlineData(4, 1)]
    [InlineData(64, 2)]
    [InlineData(16384, 3)]
    public void ItAgreesWithADictionaryThroughRandomChanges(int most, int seed)
    {
        var index = new SectorIndex(most);
        var expected = new Dictionary<long, int>();
        var random = new Random(seed);
        for (int step = 0; step < 200_000; step++)
        {
            long key = random.Next(4) switch
            {
                0 => random.Next(most * 3),                         // scattered sectors
                1 => 1000 + random.Next(most),                      // a run
                2 => -1 - random.Next(most),                        // parked slots
                _ => expected.Count > 0 ? expected.Keys.ElementAt(random.Next(expected.Count)) : 7,
            };
            if (random.Next(2) == 0 && expected.Count < most)
            {
                int value = random.Next();
                index[key] = value;
                expected[key] = value;
            }
            else
            {
                Assert.Equal(expected.Remove(key), index.Remove(key));
            }
            if (step % 997 == 0)
            {
                Assert.Equal(expected.Count, index.Count);
                foreach ((long k, int v) in expected)
                {
                    Assert.True(index.TryGetValue(k, out int got), $"step {step}: {k} lost");
                    Assert.Equal(v, got);
                }
            }
            Assert.Equal(expected.ContainsKey(key), index.ContainsKey(key));
        }
    }

    [Fact]
    public void ItHoldsAsManyKeysAsItWasMadeFor()
    {
        var index = new SectorIndex(8);
        for (int i = 0; i < 8; i++) index[i * 16] = i;      // full: 8 keys in a table of 16
        for (int i = 0; i < 8; i++) Assert.Equal(i, index[i * 16]);
        Assert.False(index.ContainsKey(8 * 16));
        Assert.Throws<InvalidOperationException>(() => index[99]);
    }
}
