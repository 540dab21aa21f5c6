// The binary manifest format: the writer's exact bytes (the same golden blob the in-kernel tests decode), round trips,
// and every kind of malformed blob refused with ManifestFormatException and a message saying what is wrong.
using System.Buffers.Binary;
using Helios.Kernel.Manifests;
using Helios.Kernel.Tests.Kernel;
using Helios.Manifests;
using Xunit;

namespace Helios.Tests.Manifests;

public class ManifestBlobTests
{
    private static ApplicationManifest Figure2() =>
        new ManifestLoader().LoadFile(Path.Combine(TestData.Manifests("valid"), "figure2.xml")).Manifest!;

    internal static ApplicationManifest Full()
    {
        var m = new ApplicationManifest("Antivirus") { Image = "Helios.Services.Antivirus", HeapLimit = 256UL << 20, StackSize = 128UL << 10 };
        m.Platforms.Add(new PlatformPreference("x86_64", 10));
        m.Platforms.Add(new PlatformPreference("arm64-device", 5));
        m.Endpoints.Add(new ManifestEndpoint(EndpointKind.InputPipe, 0, 0, "PipeContract", null));
        m.Endpoints.Add(new ManifestEndpoint(EndpointKind.OutputPipe, 1, 0, "PipeContract", null));
        m.Endpoints.Add(new ManifestEndpoint(EndpointKind.Endpoint, 2, -100, "Helios.Contracts.MailStoreContract", "/services/mailstore"));
        m.Endpoints.Add(new ManifestEndpoint(EndpointKind.ServiceProvider, 255, 100, "AntivirusContract", "/services/antivirus"));
        m.Arguments.Add("--signatures");
        m.Arguments.Add("");
        m.Arguments.Add("d\u00E9j\u00E0 vu \u65E5\u672C \U0001F600\t\r\n");
        return m;
    }

    [Fact]
    public void TheWriterProducesTheGoldenBlob() => Assert.Equal(ManifestGoldenBlob.Figure2, ManifestBlobWriter.Write(Figure2()));

    [Fact]
    public void TheGoldenBlobDecodesToFigure2() => ManifestAssert.Equal(Figure2(), ManifestBlobReader.Read(ManifestGoldenBlob.Figure2));

    [Fact]
    public void AFullManifestRoundTrips() => ManifestAssert.Equal(Full(), ManifestBlobReader.Read(ManifestBlobWriter.Write(Full())));

    [Fact]
    public void TheHeaderIsAsDocumented()
    {
        byte[] blob = ManifestBlobWriter.Write(Full());
        Assert.Equal("HMAN"u8.ToArray(), blob[..4]);
        Assert.Equal(1, BinaryPrimitives.ReadUInt16LittleEndian(blob.AsSpan(4)));
        Assert.Equal(0, BinaryPrimitives.ReadUInt16LittleEndian(blob.AsSpan(6)));
        Assert.Equal((uint)blob.Length, BinaryPrimitives.ReadUInt32LittleEndian(blob.AsSpan(8)));
        Assert.Equal(ManifestBlobFormat.Crc32(blob.AsSpan(16)), BinaryPrimitives.ReadUInt32LittleEndian(blob.AsSpan(12)));
    }

    /// <summary>The check value every CRC-32 (IEEE) implementation gives for "123456789", as zlib does.</summary>
    [Fact]
    public void TheChecksumIsZlibsCrc32() => Assert.Equal(0xCBF43926u, ManifestBlobFormat.Crc32("123456789"u8));

    [Fact]
    public void TheWriterRefusesAnInvalidManifest()
    {
        var m = new ApplicationManifest("Bad");
        m.Endpoints.Add(new ManifestEndpoint(EndpointKind.Endpoint, 1, 0, "A", null));
        m.Endpoints.Add(new ManifestEndpoint(EndpointKind.Endpoint, 1, 0, "B", null));
        var e = Assert.Throws<ArgumentException>(() => ManifestBlobWriter.Write(m));
        Assert.Contains("id 1 is used twice", e.Message);
        Assert.False(ManifestBlobWriter.TryWrite(m, out byte[] blob, out string error));
        Assert.Empty(blob);
        Assert.Contains("cannot encode an invalid manifest", error);
    }

    [Fact]
    public void EveryTruncationIsRefused()
    {
        byte[] blob = ManifestBlobWriter.Write(Full());
        for (int length = 0; length < blob.Length; length++)
        {
            var e = Assert.Throws<ManifestFormatException>(() => ManifestBlobReader.Read(blob.AsSpan(0, length)));
            Assert.StartsWith("manifest blob ", e.Message);
        }
    }

    [Theory]
    [InlineData(0, 0x00, "does not start with the magic \"HMAN\"")]
    [InlineData(4, 0x03, "has format version 3; this reader knows versions 1 and 2")]
    [InlineData(6, 0x01, "has reserved header bits set")]
    [InlineData(8, 0x00, "bytes but its header says")]
    [InlineData(12, 0x00, "is corrupt: its CRC-32 is")]
    [InlineData(30, 0x5A, "is corrupt: its CRC-32 is")]
    public void HeaderDamageIsExplained(int offset, byte value, string expected)
    {
        byte[] blob = ManifestBlobWriter.Write(Full());
        blob[offset] = value;
        var e = Assert.Throws<ManifestFormatException>(() => ManifestBlobReader.Read(blob));
        Assert.Contains(expected, e.Message);
    }

    [Fact]
    public void TrailingBytesAreRefused()
    {
        byte[] blob = [.. ManifestBlobWriter.Write(Full()), 0];
        Reseal(blob);
        Assert.Contains("has 1 bytes after its last argument", Assert.Throws<ManifestFormatException>(() => ManifestBlobReader.Read(blob)).Message);
    }

    /// <summary>Well-sealed blobs (right length and CRC) whose body is wrong: the checks behind the checksum.</summary>
    [Theory]
    [InlineData("name length", new byte[] { 0xFF, 0xFF }, "has no name at byte 16 where one is required")]
    [InlineData("name length", new byte[] { 0x00, 0x10 }, "ends inside the name at byte 18")]
    [InlineData("name bytes", new byte[] { 0xC0, 0xAF }, "has a name at byte 18 that is not valid UTF-8")]
    [InlineData("name bytes", new byte[] { 0xED, 0xA0, 0x80 }, "that is not valid UTF-8")]
    [InlineData("runtime", new byte[] { 0x07 }, "runtime 7 is not one Helios has")]
    [InlineData("heap", new byte[] { 0x00, 0x10, 0, 0, 0, 0, 0, 0 }, "heap limit 4K: expected a size from 64K to 16G")]
    [InlineData("platform count", new byte[] { 0xFF }, "claims 255 platforms at byte")]
    [InlineData("platform affinity", new byte[] { 0x00 }, "platform x86_64 affinity: expected an integer from 1 to 100")]
    [InlineData("endpoint count", new byte[] { 0xFF, 0xFF }, "claims 65535 endpoints at byte")]
    [InlineData("endpoint kind", new byte[] { 0x09 }, "has kind 9, which is not one Helios has")]
    [InlineData("endpoint id", new byte[] { 0x00 }, "outputPipe 0: id 0 is used twice")]
    [InlineData("endpoint affinity", new byte[] { 0x80 }, "outputPipe 1 affinity: expected an integer from -100 to 100")]
    public void BodyDamageIsExplained(string field, byte[] replacement, string expected)
    {
        byte[] blob = ManifestBlobWriter.Write(Full());
        int offset = field switch
        {
            "name length" => 16,
            "name bytes" => 18,
            "runtime" => 16 + 2 + 9,
            "heap" => 16 + 2 + 9 + 1 + 2 + 25,
            "platform count" => 16 + 2 + 9 + 1 + 2 + 25 + 16,
            "platform affinity" => 16 + 2 + 9 + 1 + 2 + 25 + 16 + 1 + 2 + 6,
            "endpoint count" => 16 + 2 + 9 + 1 + 2 + 25 + 16 + 1 + 9 + 15,
            "endpoint kind" => 16 + 2 + 9 + 1 + 2 + 25 + 16 + 1 + 9 + 15 + 2,
            "endpoint id" or "endpoint affinity" => 16 + 2 + 9 + 1 + 2 + 25 + 16 + 1 + 9 + 15 + 2 + 19 + (field == "endpoint id" ? 1 : 2),
            _ => throw new ArgumentException(field),
        };
        replacement.CopyTo(blob, offset);
        Reseal(blob);
        var e = Assert.Throws<ManifestFormatException>(() => ManifestBlobReader.Read(blob));
        Assert.Contains(expected, e.Message);
    }

    [Fact]
    public void APipeWithAPathIsRefused()
    {
        byte[] blob = ManifestBlobWriter.Write(Full());
        const int outputPipePath = 16 + 2 + 9 + 1 + 2 + 25 + 16 + 1 + 9 + 15 + 2 + 19 + 17;
        Assert.Equal(new byte[] { 0xFF, 0xFF }, blob[outputPipePath..(outputPipePath + 2)]);
        blob = [.. blob[..outputPipePath], 0x02, 0x00, (byte)'/', (byte)'x', .. blob[(outputPipePath + 2)..]];
        Reseal(blob);
        Assert.Contains("outputPipe 1: a pipe has no path", Assert.Throws<ManifestFormatException>(() => ManifestBlobReader.Read(blob)).Message);
    }

    /// <summary>Recomputes the length and CRC so that the reader looks past the header.</summary>
    internal static void Reseal(byte[] blob)
    {
        BinaryPrimitives.WriteUInt32LittleEndian(blob.AsSpan(8), (uint)blob.Length);
        BinaryPrimitives.WriteUInt32LittleEndian(blob.AsSpan(12), ManifestBlobFormat.Crc32(blob.AsSpan(16)));
    }
}
