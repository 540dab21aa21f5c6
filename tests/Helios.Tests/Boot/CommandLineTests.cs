using Helios.Kernel.Boot;
using Xunit;

namespace Helios.Tests.Boot;

public class CommandLineTests
{
    [Fact]
    public void WordsFlagsAndValues()
    {
        var line = new CommandLine("verbose test=Strings.* name=\"two words\" test=last");
        Assert.Equal(["verbose", "test=Strings.*", "name=two words", "test=last"], line.Words);
        Assert.True(line.HasFlag("verbose"));
        Assert.False(line.HasFlag("test"));
        Assert.Equal("last", line.GetValue("test"));
        Assert.Equal("two words", line.GetValue("name"));
        Assert.Null(line.GetValue("nam"));
    }

    [Theory]
    [InlineData("", 0)]
    [InlineData("   ", 0)]
    [InlineData("a  b", 2)]
    [InlineData("\"\"", 1)]
    [InlineData("\"unterminated value", 1)]
    public void EdgeCases(string text, int words) => Assert.Equal(words, new CommandLine(text).Words.Count);

    [Fact]
    public void NullIsEmpty() => Assert.Empty(new CommandLine(null).Words);
}
