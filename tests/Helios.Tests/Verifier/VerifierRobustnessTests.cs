// The verifier on input that is not a good assembly, and on real code: it refuses garbage with a reason (never an
// exception), stays fast on hostile metadata, accepts the kernel's own portable code compiled as an app, and on the
// runtime's test suite reports exactly the unsafe constructs it contains and nothing else.
using Helios.Verifier;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Helios.Tests.Verifier;

public class VerifierRobustnessTests
{
    private static AppVerifier Verifier()
    {
        var policy = new VerifierPolicy();
        policy.ReferencePaths.Add(TestData.RuntimeAssembly);
        return new AppVerifier(policy);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(64)]
    [InlineData(4096)]
    public void GarbageIsRefusedAsNotAnAssembly(int length)
    {
        var bytes = new byte[length];
        new Random(length).NextBytes(bytes);
        VerificationResult result = Verifier().Verify(bytes, "garbage.dll");
        VerificationError error = Assert.Single(result.Errors);
        Assert.Equal(VerifierRule.BadImage, error.Rule);
    }

    [Fact]
    public void APipeNobodyWritesToTimesOut()
    {
        string fifo = Path.Combine(Path.GetTempPath(), $"helios-fifo-verifier-{Environment.ProcessId}");
        if (!OperatingSystem.IsLinux() || System.Diagnostics.Process.Start("mkfifo", fifo) is not { } mkfifo) return;
        mkfifo.WaitForExit();
        try
        {
            var policy = new VerifierPolicy();
            var verifier = new AppVerifier(policy) { ReadTimeout = TimeSpan.FromSeconds(1) };
            Assert.Contains("could not be read within 1 seconds", Assert.Throws<IOException>(() => verifier.VerifyFile(fifo)).Message);
        }
        finally
        {
            File.Delete(fifo);
        }
    }

    [Fact]
    public void AMultiModuleAssemblyIsRefusedForThatReasonAlone()
    {
        // Roslyn builds a real one: a netmodule, and an assembly whose manifest lists it and whose code uses its type.
        var runtime = new[] { MetadataReference.CreateFromFile(TestData.RuntimeAssembly) };
        var options = new Microsoft.CodeAnalysis.CSharp.CSharpCompilationOptions(OutputKind.NetModule);
        var module = Microsoft.CodeAnalysis.CSharp.CSharpCompilation.Create("Extra",
            [Microsoft.CodeAnalysis.CSharp.CSharpSyntaxTree.ParseText("public static class Extra { public static int Two() => 2; }")], runtime, options);
        using var moduleImage = new MemoryStream();
        var emit = new Microsoft.CodeAnalysis.Emit.EmitOptions(runtimeMetadataVersion: "v4.0.30319");
        Assert.True(module.Emit(moduleImage, options: emit).Success);
        var app = Microsoft.CodeAnalysis.CSharp.CSharpCompilation.Create("TwoModules",
            [Microsoft.CodeAnalysis.CSharp.CSharpSyntaxTree.ParseText("public static class Program { public static int Main() => Extra.Two(); }")],
            runtime.Append(ModuleMetadata.CreateFromImage(moduleImage.ToArray()).GetReference(filePath: "Extra.netmodule")),
            new Microsoft.CodeAnalysis.CSharp.CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        using var image = new MemoryStream();
        Microsoft.CodeAnalysis.Emit.EmitResult emitted = app.Emit(image, options: emit);
        Assert.True(emitted.Success, string.Join("\n", emitted.Diagnostics));

        VerificationResult result = Verifier().Verify(image.ToArray(), "TwoModules.dll");

        Assert.NotEmpty(result.Errors);
        Assert.All(result.Errors, e => Assert.Equal(VerifierRule.BadImage, e.Rule));
        Assert.Contains(result.Errors, e => e.Message.Contains("multi-module", StringComparison.Ordinal));
        Assert.DoesNotContain(result.Errors, e => e.ToString().Contains("native", StringComparison.Ordinal));
    }

    [Fact]
    public void NativeExecutablesAreRefused()
    {
        string native = File.Exists("/bin/sh") ? "/bin/sh" : "/usr/bin/env";
        VerificationResult result = Verifier().VerifyFile(native);
        Assert.Equal(VerifierRule.BadImage, Assert.Single(result.Errors).Rule);
    }

    /// <summary>A file cut anywhere before the end of its metadata (the IL lies before it) is refused; cut after, only
    /// padding and trailing data are lost, and the answer must merely come without an exception.</summary>
    [Fact]
    public void TruncatedAppsAreRefused()
    {
        byte[] app = SafeApp();
        int metadataEnd;
        using (var pe = new System.Reflection.PortableExecutable.PEReader(new MemoryStream(app)))
            metadataEnd = pe.PEHeaders.MetadataStartOffset + pe.PEHeaders.MetadataSize;
        for (int length = 0; length < app.Length; length += 37)
        {
            VerificationResult result = Verifier().Verify(app[..length], "truncated.dll");
            if (length < metadataEnd) Assert.False(result.IsSafe, $"accepted {length} of {app.Length} bytes (metadata ends at {metadataEnd})");
        }
    }

    /// <summary>Random damage to a real app: the verifier always answers, quickly, and never throws.</summary>
    [Fact]
    public void DamagedAppsAreAnsweredQuickly()
    {
        byte[] app = SafeApp();
        AppVerifier verifier = Verifier();
        var random = new Random(5);
        var timer = System.Diagnostics.Stopwatch.StartNew();
        for (int i = 0; i < 1500; i++)
        {
            byte[] damaged = (byte[])app.Clone();
            for (int k = 1 + random.Next(8); k > 0; k--) damaged[random.Next(damaged.Length)] = (byte)random.Next(256);
            VerificationResult result = verifier.Verify(damaged, "damaged.dll");
            Assert.True(result.IsSafe || result.Errors.Count > 0);
        }
        // A bound that catches unbounded work, not slowness: generous, since CI machines are shared (testing.md).
        Assert.True(timer.Elapsed < TimeSpan.FromSeconds(300), $"1500 damaged apps took {timer.Elapsed}");
    }

    [Fact]
    public void AHugeGenericArgumentCountIsRefusedWithoutDecodingIt()
    {
        byte[] app = SafeApp();
        // A type spec's argument count (the byte after GENERICINST, kind and type) rewritten to claim about 400 million.
        int at = FindGenericInstance(app);
        app[at] = 0xD8;
        var timer = System.Diagnostics.Stopwatch.StartNew();
        VerificationResult result = Verifier().Verify(app, "hostile.dll");
        Assert.False(result.IsSafe);
        // Decoding 400 million arguments would take hours; the bound is generous, since CI machines are shared.
        Assert.True(timer.Elapsed < TimeSpan.FromSeconds(60), $"took {timer.Elapsed}");
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void TheKernelsManifestCodeIsAcceptedAsAnApp(bool optimize)
    {
        string[] files = Directory.GetFiles(Path.Combine(TestData.Repo.Root, "src", "Kernel", "Manifests"), "*.cs");
        byte[] image = TestApp.CompileFiles("Manifests", files, optimize);
        VerificationResult result = Verifier().Verify(image, "Manifests.dll");
        Assert.True(result.IsSafe, string.Join("\n", result.Errors));
    }

    /// <summary>The runtime's own test suite (ordinary C# written against the BCL) has exactly these unsafe parts:
    /// the framework's function-pointer test table, three stackallocs and a MemoryMarshal.Cast.</summary>
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void TheRuntimeTestsGiveExactlyTheirUnsafeParts(bool optimize)
    {
        string root = Path.Combine(TestData.Repo.Root, "tests", "Kernel");
        string[] files = [.. Directory.GetFiles(Path.Combine(root, "Runtime"), "*.cs"), Path.Combine(root, "Framework", "Assert.cs"), Path.Combine(root, "Framework", "TestAttribute.cs")];
        byte[] image = TestApp.CompileFiles("RuntimeTests", files, optimize);
        VerificationResult result = Verifier().Verify(image, "RuntimeTests.dll");

        var found = result.Errors.Select(e => $"{e.Rule.Code()} {e.Where}").Distinct().Order(StringComparer.Ordinal).ToArray();
        Assert.Equal(new[]
        {
            "HV0002 Helios.Testing.TestCase..ctor(string, string, string, delegate*<void>)",
            "HV0002 Helios.Testing.TestCase.get_Run()",
            "HV0002 field Helios.Testing.TestCase.<Run>k__BackingField",
            "HV0002 property Helios.Testing.TestCase.Run",
            "HV0003 Helios.Kernel.Tests.Runtime.SpansTests.BinaryReadsAndCasts()",
            "HV0003 Helios.Kernel.Tests.Runtime.SpansTests.StackAlloc()",
            "HV0007 Helios.Kernel.Tests.Runtime.SpansTests.BinaryReadsAndCasts()",
        }.Order(StringComparer.Ordinal), found);
        Assert.Equal(3, result.Errors.Count(e => e.Where.EndsWith("StackAlloc()", StringComparison.Ordinal) && e.Instruction == "localloc"));
    }

    private static byte[] SafeApp() => TestApp.Compile("Safe", File.ReadAllText(Path.Combine(TestData.VerifierApps("safe"), "everyday.cs")),
        [MetadataReference.CreateFromFile(TestData.RuntimeAssembly)], optimize: true);

    /// <summary>The offset of a generic instantiation's argument count in the blob heap (GENERICINST, CLASS or
    /// VALUETYPE, a one-byte type token, then the count 1).</summary>
    private static int FindGenericInstance(byte[] image)
    {
        for (int i = 0; i + 4 < image.Length; i++)
            if (image[i] == 0x15 && image[i + 1] is 0x11 or 0x12 && image[i + 3] == 0x01 && image[i - 1] is >= 3 and <= 8) return i + 3;
        throw new InvalidOperationException("no generic instantiation found");
    }
}
