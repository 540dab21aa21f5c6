// The FAT32 code is written to run in a SIP unchanged: it compiles against Helios.Runtime alone (the BCL subset a
// process has) and the verifier accepts it, optimised or not.
using Xunit;
using Helios.Tests.Verifier;
using Helios.Verifier;

namespace Helios.Tests.Storage;

public class Fat32IsSipCodeTests
{
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void TheFat32CodeIsAcceptedAsAnApp(bool optimize)
    {
        string[] files = Directory.GetFiles(Path.Combine(TestData.Repo.Root, "src", "Services", "Fat32"), "*.cs");
        Assert.NotEmpty(files);
        byte[] image = TestApp.CompileFiles("Fat32", files, optimize);
        var policy = new VerifierPolicy();
        policy.ReferencePaths.Add(TestData.RuntimeAssembly);
        VerificationResult result = new AppVerifier(policy).Verify(image, "Fat32.dll");
        Assert.True(result.IsSafe, string.Join("\n", result.Errors));
    }
}
