// The runtime's tests (tests/Kernel/Runtime), run on the host CLR: the same sources pass against the real BCL,
// which is what "the runtime's API is a subset of .NET's" means in practice. Tests that expect a panic in the kernel
// must throw an exception whose text contains the expected report here.
using Helios.Testing;
using Assert = Xunit.Assert;
using Xunit;

namespace Helios.Tests.Runtime;

public unsafe class RuntimeTestsOnHost
{
    public static IEnumerable<object[]> Cases()
        => TestRegistry.All.Where(t => t.Category.Length == 0).Select(t => new object[] { t.Name });

    [Theory]
    [MemberData(nameof(Cases))]
    public void Runs(string name)
    {
        TestCase test = TestRegistry.All.Single(t => t.Name == name);
        TestContext.Begin();
        Exception thrown = null;
        try
        {
            test.Run();
        }
        catch (Exception e)
        {
            thrown = e;
        }

        if (test.ExpectPanic is not null)
        {
            Assert.True(thrown is not null, $"{name} should end with an exception containing \"{test.ExpectPanic}\"");
            Assert.Contains(test.ExpectPanic, thrown.ToString());
            return;
        }
        Assert.True(thrown is null, $"{name} threw {thrown}");
        Assert.True(TestContext.Failures == 0, TestContext.FirstFailure);
    }

    [Fact]
    public void TheRegistryHoldsTheRuntimeTests()
    {
        Assert.True(TestRegistry.All.Length >= 50, "expected the runtime's tests in the registry");
        Assert.Equal(TestRegistry.All.Length, TestRegistry.All.Select(t => t.Name).Distinct().Count());
    }
}
