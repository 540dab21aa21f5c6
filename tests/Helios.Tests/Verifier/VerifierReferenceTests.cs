// References into the allowed assemblies are checked against the assemblies themselves: a member must exist and be
// public (or protected, used from a derived type). The app is compiled against one version of a library and
// verified against another, which is how a non-public member ends up referenced.
using Helios.Verifier;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Helios.Tests.Verifier;

public class VerifierReferenceTests
{
    private const string PublicLibrary = """
        namespace Lib
        {
            public class Base { protected int Secret; protected void Hook() { } public int Open; public static int Counter; }
            public static class Tools { public static int Answer() => 42; }
        }
        """;

    private const string HiddenLibrary = """
        namespace Lib
        {
            public class Base { protected int Secret; protected void Hook() { } internal int Open; private static int Counter; }
            public static class Tools { internal static int Answer() => 42; }
        }
        """;

    private const string App = """
        public sealed class Derived : Lib.Base
        {
            public int Use() { Hook(); return Secret; }
        }

        public static class Program
        {
            public static int Main() => Lib.Tools.Answer() + new Lib.Base().Open + Lib.Base.Counter;
        }
        """;

    [Fact]
    public void PublicAndInheritedProtectedMembersAreAccepted()
    {
        VerificationResult result = Verify(appLibrary: PublicLibrary, verifyLibrary: PublicLibrary);
        Assert.True(result.IsSafe, string.Join("\n", result.Errors));
    }

    [Fact]
    public void NonPublicMembersAreRefusedWhereTheyAreUsed()
    {
        VerificationResult result = Verify(appLibrary: PublicLibrary, verifyLibrary: HiddenLibrary);
        string all = string.Join("\n", result.Errors);
        Assert.Contains("HV0011: Program.Main() at IL_0000 (call Tools::Answer): uses Lib.Tools.Answer(), which is internal in Lib", all);
        Assert.Contains("(ldfld Base::Open): uses Lib.Base.Open, which is internal in Lib", all);
        Assert.Contains("(ldsfld Base::Counter): uses Lib.Base.Counter, which is private in Lib", all);
        Assert.DoesNotContain("Derived.Use", all);
        Assert.All(result.Errors, e => Assert.Equal(VerifierRule.Inaccessible, e.Rule));
    }

    [Fact]
    public void ProtectedMembersAreRefusedOutsideDerivedTypes()
    {
        const string library = "namespace Lib { public class Base { public int Secret; public void Hook() { } } }";
        const string hidden = "namespace Lib { public class Base { protected int Secret; protected void Hook() { } } }";
        const string app = "public static class Program { public static int Main() { var b = new Lib.Base(); b.Hook(); return b.Secret; } }";
        VerificationResult result = Verify(library, hidden, app);
        string all = string.Join("\n", result.Errors);
        Assert.Contains("uses Lib.Base.Hook(), which is protected (and this type does not derive from it) in Lib", all);
        Assert.Contains("uses Lib.Base.Secret, which is protected (and this type does not derive from it) in Lib", all);
    }

    [Fact]
    public void MissingMembersAndTypesAreRefused()
    {
        const string library = "namespace Lib { public static class Tools { public static int Answer() => 42; } public class Gone { } }";
        const string changed = "namespace Lib { public static class Tools { public static long Answer() => 42; } }";
        const string app = "public static class Program { public static object Main() { Lib.Tools.Answer(); return new Lib.Gone(); } }";
        string all = string.Join("\n", Verify(library, changed, app).Errors);
        Assert.Contains("uses Lib.Tools.Answer(), but Lib has no method Lib.Tools.Answer with this signature", all);
        Assert.Contains("uses Lib.Gone, but Lib has no type Lib.Gone", all);
    }

    [Fact]
    public void AnAllowedAssemblyThatCannotBeFoundIsAnError()
    {
        string directory = Directory.CreateTempSubdirectory("helios-verifier-").FullName;
        try
        {
            byte[] library = TestApp.Compile("Lib", PublicLibrary, [Runtime], optimize: true);
            byte[] app = TestApp.Compile("App", App, [Runtime, MetadataReference.CreateFromImage(library)], optimize: true);
            string path = Path.Combine(directory, "App.dll");
            File.WriteAllBytes(path, app);
            var policy = new VerifierPolicy();
            policy.AllowedAssemblies.Add("Lib");
            policy.ReferencePaths.Add(TestData.RuntimeAssembly);
            VerificationResult result = new AppVerifier(policy).VerifyFile(path);
            Assert.Contains(result.Errors, e => e.Rule == VerifierRule.Inaccessible && e.Message.StartsWith("Lib.dll was not found next to the app or in the reference paths"));
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    [Fact]
    public void AnAppMayNotTakeTheNameOfAnAllowedAssembly()
    {
        byte[] app = TestApp.Compile("Helios.Runtime", "public static class P { public static int Main() => 0; }", [Runtime], optimize: true);
        var policy = new VerifierPolicy();
        policy.ReferencePaths.Add(TestData.RuntimeAssembly);
        VerificationResult result = new AppVerifier(policy).Verify(app, "Helios.Runtime.dll");
        Assert.Contains(result.Errors, e => e.Message.Contains("an app may not take the name of an assembly it is allowed to reference"));
    }

    private static MetadataReference Runtime => MetadataReference.CreateFromFile(TestData.RuntimeAssembly);

    private static VerificationResult Verify(string appLibrary, string verifyLibrary, string app = App)
    {
        string directory = Directory.CreateTempSubdirectory("helios-verifier-").FullName;
        try
        {
            byte[] compiledAgainst = TestApp.Compile("Lib", appLibrary, [Runtime], optimize: true);
            byte[] image = TestApp.Compile("App", app, [Runtime, MetadataReference.CreateFromImage(compiledAgainst)], optimize: true);
            File.WriteAllBytes(Path.Combine(directory, "Lib.dll"), TestApp.Compile("Lib", verifyLibrary, [Runtime], optimize: true));
            string path = Path.Combine(directory, "App.dll");
            File.WriteAllBytes(path, image);
            var policy = new VerifierPolicy();
            policy.AllowedAssemblies.Add("Lib");
            policy.ReferencePaths.Add(TestData.RuntimeAssembly);
            return new AppVerifier(policy).VerifyFile(path);
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }
}
