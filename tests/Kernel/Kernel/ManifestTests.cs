// The manifest model, rules and binary codec (src/Kernel/Manifests) running in the kernel: the host's blob decodes
// here to the same manifest, a manifest built here survives the round trip, and malformed blobs are refused with a
// message, not a panic.
using Helios.Kernel.Manifests;
using Helios.Testing;

namespace Helios.Kernel.Tests.Kernel
{
    internal static class ManifestTests
    {
        [Test]
        public static void DecodesTheHostsFigure2Blob()
        {
            Assert.True(ManifestBlobReader.TryRead(ManifestGoldenBlob.Figure2, out ApplicationManifest manifest, out string error));
            Assert.Equal("", error);
            if (manifest is null) return;
            Assert.Equal("TcpTest", manifest.Name);
            Assert.Equal("TcpTest", manifest.Image);
            Assert.Equal(16UL << 20, manifest.HeapLimit);
            Assert.Equal(64UL << 10, manifest.StackSize);
            Assert.Equal(0, manifest.Platforms.Count);
            Assert.Equal(2, manifest.Endpoints.Count);
            if (manifest.Endpoints.Count != 2) return;
            Assert.True(manifest.Endpoints[0].Kind == EndpointKind.InputPipe);
            Assert.Equal(0, manifest.Endpoints[0].Affinity);
            Assert.Equal("PipeContract", manifest.Endpoints[0].ContractName);
            Assert.True(manifest.Endpoints[1].Kind == EndpointKind.Endpoint);
            Assert.Equal(2, manifest.Endpoints[1].Id);
            Assert.Equal(-1, manifest.Endpoints[1].Affinity);
            Assert.Equal("TcpContract", manifest.Endpoints[1].ContractName);
            Assert.Null(manifest.Endpoints[1].Path);
        }

        [Test]
        public static void RoundTripsAManifestBuiltHere()
        {
            var manifest = new ApplicationManifest("Antivirus") { Image = "Helios.Services.Antivirus", HeapLimit = 256UL << 20 };
            manifest.Platforms.Add(new PlatformPreference("arm64-device", 5));
            manifest.Endpoints.Add(new ManifestEndpoint(EndpointKind.ServiceProvider, 3, -1, "AntivirusContract", "/services/antivirus"));
            manifest.Arguments.Add("--signatures");
            manifest.Arguments.Add("d\u00E9j\u00E0 \U0001F600");
            Assert.True(ManifestBlobWriter.TryWrite(manifest, out byte[] blob, out string writeError));
            Assert.Equal("", writeError);
            Assert.True(ManifestBlobReader.TryRead(blob, out ApplicationManifest back, out string readError));
            Assert.Equal("", readError);
            if (back is null) return;
            Assert.Equal("Helios.Services.Antivirus", back.Image);
            Assert.Equal(256UL << 20, back.HeapLimit);
            Assert.Equal(5, back.Platforms[0].Affinity);
            Assert.Equal("/services/antivirus", back.Endpoints[0].Path);
            Assert.Equal(-1, back.Endpoints[0].Affinity);
            Assert.Equal("d\u00E9j\u00E0 \U0001F600", back.Arguments[1]);
        }

        [Test]
        public static void RefusesMalformedBlobsWithAMessage()
        {
            byte[] blob = ManifestGoldenBlob.Figure2;
            for (int length = 0; length < blob.Length; length++)
                Assert.False(ManifestBlobReader.TryRead(new System.ReadOnlySpan<byte>(blob, 0, length), out _, out _));

            var corrupt = (byte[])blob.Clone();
            corrupt[20] ^= 0x40;
            Assert.False(ManifestBlobReader.TryRead(corrupt, out ApplicationManifest none, out string error));
            Assert.Null(none);
            Assert.True(error.Contains("CRC-32"));
        }

        [Test]
        public static void RulesRefuseWhatTheHostRefuses()
        {
            var manifest = new ApplicationManifest("Bad");
            manifest.Endpoints.Add(new ManifestEndpoint(EndpointKind.Endpoint, 2, 101, "TcpContract", null));
            string problem = ManifestRules.Validate(manifest);
            Assert.NotNull(problem);
            Assert.False(ManifestBlobWriter.TryWrite(manifest, out _, out _));
            ulong bytes;
            Assert.True(ByteSize.TryParse("16M", out bytes));
            Assert.Equal(16UL << 20, bytes);
            Assert.False(ByteSize.TryParse("16MB", out _));
            Assert.Equal("64K", ByteSize.Format(64UL << 10));
        }
    }
}
