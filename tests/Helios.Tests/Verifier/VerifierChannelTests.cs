// An app uses channels through the generated endpoints, ExArray<T>, Select, StartupEndpoints and ServiceNamespace;
// the channel runtime's machinery (raw message blocks, a heap or host of its own) is denied (HV0007), because a
// message writer kept after its send, or an exchange heap over pages the app names, would reach raw memory.
using Helios.Verifier;
using Helios.Verifier.Rules;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Helios.Tests.Verifier;

public class VerifierChannelTests
{
    // A stand-in for Helios.Channels with the shapes that matter (the verifier matches by namespace and type name).
    private const string Channels = """
        namespace Helios.Channels
        {
            public struct MessageWriter { public void Write(int offset, int value) { } public void Commit() { } }
            public static class Channel { public static MessageWriter BeginSend(ulong endpoint) => default; }
            public readonly struct ExArray { public int Length => 0; }
            public static class StartupEndpoints { public static ulong Get(int index) => 0; }
        }
        """;

    [Fact]
    public void TheChannelRuntimesMachineryIsDeniedAndItsPublicFaceIsNot()
    {
        const string app = """
            public static class Program
            {
                public static int Main()
                {
                    Helios.Channels.MessageWriter w = Helios.Channels.Channel.BeginSend(Helios.Channels.StartupEndpoints.Get(0));
                    w.Write(0, 1);
                    return new Helios.Channels.ExArray().Length;
                }
            }
            """;
        string directory = Directory.CreateTempSubdirectory("helios-verifier-").FullName;
        try
        {
            MetadataReference runtime = MetadataReference.CreateFromFile(TestData.RuntimeAssembly);
            byte[] library = TestApp.Compile("Helios.Channels", Channels, [runtime], optimize: true);
            File.WriteAllBytes(Path.Combine(directory, "Helios.Channels.dll"), library);
            string path = Path.Combine(directory, "App.dll");
            File.WriteAllBytes(path, TestApp.Compile("App", app, [runtime, MetadataReference.CreateFromImage(library)], optimize: true));
            var policy = new VerifierPolicy();
            policy.AllowedAssemblies.Add("Helios.Channels");
            policy.ReferencePaths.Add(TestData.RuntimeAssembly);
            VerificationResult result = new AppVerifier(policy).VerifyFile(path);
            string all = string.Join("\n", result.Errors);
            Assert.False(result.IsSafe);
            Assert.Contains("Channel", all);
            Assert.Contains("the channel runtime's machinery", all);
            Assert.All(result.Errors, e => Assert.Equal(VerifierRule.DeniedApi, e.Rule));
            Assert.DoesNotContain("ExArray", all);
            Assert.DoesNotContain("StartupEndpoints", all);
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }
}
