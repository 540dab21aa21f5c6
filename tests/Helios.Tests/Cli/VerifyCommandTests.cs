// helios verify: 0 when every app is safe, 1 when any is refused (each error with its method and IL offset), 2 for
// usage errors; files that are not assemblies are refused with a reason, never a stack trace.
using Helios.Tests.Verifier;
using Xunit;

namespace Helios.Tests.Cli;

public class VerifyCommandTests
{
    private static string Build(string folder, string name) => TestApp.Build(Path.Combine(TestData.VerifierApps(folder), name)).Path;

    [Fact]
    public void SafeAppsExitZero()
    {
        string a = Build("safe", "everyday.cs"), b = Build("safe", "lambdas.cs");
        (int code, string output) = HeliosProcess.Run("verify", a, b);
        Assert.True(code == 0, output);
        Assert.Contains($"{a}: safe", output);
        Assert.Contains("2 apps verified, 0 refused", output);
    }

    [Fact]
    public void AnUnsafeAppExitsOneNamingMethodAndInstruction()
    {
        string app = Build("unsafe", "function-pointer.cs");
        (int code, string output) = HeliosProcess.Run("verify", app);
        Assert.Equal(1, code);
        Assert.Contains($"{app}: HV0002: Program.Main() at IL_", output);
        Assert.Contains("(calli): calls through a function pointer", output);
        Assert.Matches(@"refused: \d+ errors", output);
    }

    [Fact]
    public void AllowAddsAnAssemblyToThePolicy()
    {
        string app = Build("unsafe", "other-assembly.cs");
        (int refusedCode, string refused) = HeliosProcess.Run("verify", app);
        Assert.Equal(1, refusedCode);
        Assert.Contains("HV0008", refused);
        (int allowedCode, string allowed) = HeliosProcess.Run("verify", "--allow", "System.Runtime.InteropServices", app);
        Assert.DoesNotContain("HV0008", allowed);
        Assert.Contains("HV0007", allowed);   // Marshal is denied even from an allowed assembly
        Assert.Equal(1, allowedCode);
    }

    [Theory]
    [InlineData("no such file", "tests/Verifier/missing.dll")]
    [InlineData("is a directory", "tests/Verifier")]
    [InlineData("HV0013", "tests/Verifier/safe/everyday.cs")]
    [InlineData("HV0013", "/bin/sh")]
    public void NonAssembliesAreRefused(string expected, string file)
    {
        (int code, string output) = HeliosProcess.Run("verify", file);
        Assert.Equal(1, code);
        Assert.Contains(expected, output);
        Assert.DoesNotContain("   at ", output);
    }

    [Theory]
    [InlineData("Required argument 'app' missing", "verify")]
    [InlineData("does not exist", "verify", "--reference", "tests/Verifier/none", "x.dll")]
    [InlineData("Unrecognized command or argument '--frobnicate'", "verify", "--frobnicate", "x.dll")]
    public void UsageErrorsExitTwo(string expected, params string[] args)
    {
        (int code, string output) = HeliosProcess.Run(args);
        Assert.Equal(2, code);
        Assert.Contains(expected, output);
    }
}
