// The satellite boot block: the encoder reproduces golden bytes written independently from the documented layout,
// blocks round-trip, and the decoder refuses every truncation, every corruption and every inconsistency with a
// BootBlockException that names the field, never another exception and never a different block.
using Helios.Satellite.Boot;
using Helios.Satellite.Topology;
using Xunit;

namespace Helios.Tests.Satellite;

public class BootBlockTests
{
    private static string GoldenPath => Path.Combine(TestData.Repo.Root, "tests", "Data", "satellite", "boot-block-v1.hex");

    /// <summary>The block tests/Data/satellite/boot-block-v1.hex holds.</summary>
    internal static BootBlock Sample() => new()
    {
        KernelId = 1,
        KernelCount = 2,
        Domain = 1,
        Isa = BootBlock.IsaX64,
        CounterHz = 1_000_000_000,
        TimerHz = 100,
        ImageBase = 0x4000000,
        ImageLength = 0x123456,
        MachinePage = 0x9000,
        LinkArea = 0x3F00000,
        LinkAreaLength = 0x100000,
        Bundle = 0x7E00000,
        BundleLength = 0x1F0123,
        StartTicks = 0x0123456789ABCDEF,
        InterruptController = 0xFEE00000,
        TickInterrupt = 27,
        FirmwareCall = 1,
        CommandLine = "test k1 \u00e9",
        Cpus = [1, 3],
        Memory = [new PhysicalRange(0x4000000, 0x3E00000), new PhysicalRange(0x8000000, 0x100000)],
        Reserved = [new ReservedEntry(0x9000, 0x1000, ReservedEntry.MachinePageKind), new ReservedEntry(0x7E00000, 0x1F0123, ReservedEntry.BootBundle)],
    };

    private static byte[] Golden()
    {
        var bytes = new List<byte>();
        foreach (string line in File.ReadLines(GoldenPath))
        {
            string data = line.Split('#')[0];
            foreach (string hex in data.Split(' ', StringSplitOptions.RemoveEmptyEntries)) bytes.Add(Convert.ToByte(hex, 16));
        }
        return bytes.ToArray();
    }

    private static void AssertSame(BootBlock expected, BootBlock actual)
    {
        Assert.Equal(expected.KernelId, actual.KernelId);
        Assert.Equal(expected.KernelCount, actual.KernelCount);
        Assert.Equal(expected.Domain, actual.Domain);
        Assert.Equal(expected.Isa, actual.Isa);
        Assert.Equal(expected.CounterHz, actual.CounterHz);
        Assert.Equal(expected.TimerHz, actual.TimerHz);
        Assert.Equal(expected.ImageBase, actual.ImageBase);
        Assert.Equal(expected.ImageLength, actual.ImageLength);
        Assert.Equal(expected.MachinePage, actual.MachinePage);
        Assert.Equal(expected.LinkArea, actual.LinkArea);
        Assert.Equal(expected.LinkAreaLength, actual.LinkAreaLength);
        Assert.Equal(expected.Bundle, actual.Bundle);
        Assert.Equal(expected.BundleLength, actual.BundleLength);
        Assert.Equal(expected.StartTicks, actual.StartTicks);
        Assert.Equal(expected.InterruptController, actual.InterruptController);
        Assert.Equal(expected.InterruptControllerCpu, actual.InterruptControllerCpu);
        Assert.Equal(expected.TickInterrupt, actual.TickInterrupt);
        Assert.Equal(expected.FirmwareCall, actual.FirmwareCall);
        Assert.Equal(expected.CommandLine, actual.CommandLine);
        Assert.Equal(expected.Cpus, actual.Cpus);
        Assert.Equal(expected.Memory, actual.Memory);
        Assert.Equal(expected.Reserved, actual.Reserved);
    }

    // Rewrites the CRC after a deliberate change, so the check behind it is what refuses the block.
    private static byte[] WithCrc(byte[] block)
    {
        int total = (int)BitConverter.ToUInt32(block, 8);
        if (total < 16 || total > block.Length) return block;
        byte[] copy = (byte[])block.Clone();
        copy.AsSpan(12, 4).Clear();
        BitConverter.GetBytes(Crc32.Compute(copy.AsSpan(0, total))).CopyTo(copy, 12);
        return copy;
    }

    [Fact]
    public void Crc32IsTheIeeeOne()
    {
        Assert.Equal(0xCBF43926u, Crc32.Compute("123456789"u8));
        Assert.Equal(0u, Crc32.Compute([]));
        Assert.Equal(0xD202EF8Du, Crc32.Compute([0]));
    }

    [Fact]
    public void EncoderReproducesTheGoldenBytes()
    {
        byte[] golden = Golden();
        Assert.Equal(256, golden.Length);
        Assert.Equal(golden, Sample().Encode());
        Assert.Equal(golden.Length, Sample().EncodedLength);
    }

    [Fact]
    public void GoldenBytesDecodeToTheSample()
    {
        byte[] golden = Golden();
        AssertSame(Sample(), BootBlock.Decode(golden));
        // A block is read from the start of a larger buffer (its page), whatever follows it.
        byte[] page = new byte[4096];
        Array.Fill(page, (byte)0xCC);
        golden.CopyTo(page, 0);
        AssertSame(Sample(), BootBlock.Decode(page));
    }

    [Fact]
    public void LargestBlockRoundTripsAtMaximumLength()
    {
        BootBlock block = Sample();
        block.KernelCount = ushort.MaxValue;
        block.KernelId = ushort.MaxValue - 1;
        block.Isa = BootBlock.IsaArm64;
        block.Cpus = Enumerable.Range(0, BootBlock.MaximumCpus).Select(i => (ulong)(BootBlock.MaximumCpus - i) << 8).ToList();
        block.Memory = Enumerable.Range(0, BootBlock.MaximumMemoryRanges).Select(i => new PhysicalRange((ulong)i << 30, 0x1000)).ToList();
        block.Reserved = Enumerable.Range(0, BootBlock.MaximumReservedRanges).Select(i => new ReservedEntry((ulong)i * 7, 3, (uint)i)).ToList();
        block.CommandLine = string.Concat(Enumerable.Repeat("\u20ac", BootBlock.MaximumCommandLineBytes / 3)) + "x";   // 1,023 + 1 bytes
        byte[] bytes = block.Encode();
        Assert.Equal(BootBlock.MaximumLength, bytes.Length);
        Assert.Equal(5776, BootBlock.MaximumLength);
        AssertSame(block, BootBlock.Decode(bytes));
    }

    [Theory]
    [InlineData("")]
    [InlineData("a")]
    [InlineData("console=ttyS0 topology=numa2")]
    [InlineData("\u00e9\u4e2d\U0001F600 ~")]
    public void CommandLinesRoundTrip(string commandLine)
    {
        BootBlock block = Sample();
        block.CommandLine = commandLine;
        byte[] bytes = block.Encode();
        Assert.Equal(0, bytes.Length % 8);
        Assert.Equal(commandLine, BootBlock.Decode(bytes).CommandLine);
    }

    [Fact]
    public void EncodeIntoASpanRefusesAShortDestination()
    {
        var e = Assert.Throws<BootBlockException>(() => Sample().Encode(new byte[100]));
        Assert.Equal("boot block: the destination holds 100 bytes, the block needs 256", e.Message);
    }

    [Fact]
    public void EveryTruncationIsRefused()
    {
        byte[] golden = Golden();
        for (int length = 0; length < golden.Length; length++)
        {
            var e = Assert.Throws<BootBlockException>(() => BootBlock.Decode(golden.AsSpan(0, length)));
            Assert.StartsWith("boot block: truncated: ", e.Message);
        }
    }

    public static TheoryData<string, string> InvalidBlocks => new()
    {
        { "kernel count", "kernel count (offset 18) is 0" },
        { "kernel id", "kernel id 2 (offset 16) is not below the kernel count 2" },
        { "isa", "ISA 3 (offset 22) is neither 1 (x86_64) nor 2 (arm64)" },
        { "counter", "counter frequency (offset 32) is 0" },
        { "timer", "timer frequency (offset 40) is 0" },
        { "image length", "image length (offset 56) is 0" },
        { "image alignment", "image (offset 48) [0x4000800, +0x123456) is not page aligned" },
        { "image overflow", "image (offset 48) at 0xfffffffffffff000 with length 0x123456 runs past the end of the address space" },
        { "machine page", "machine page 0x9100 (offset 64) is not a non-zero page address" },
        { "link area half", "link area (offset 72) has address 0x3f00000 but length 0" },
        { "link area alignment", "link area (offset 72) [0x3f00000, +0x100800) is not page aligned" },
        { "bundle half", "boot bundle (offset 88) has address 0x7e00000 but length 0" },
        { "bundle overflow", "boot bundle (offset 88) at 0xffffffffffff0000 with length 0x1f0123 runs past the end of the address space" },
        { "no cpus", "CPU count 0 (offset 24) is not between 1 and 256" },
        { "too many cpus", "CPU count 257 (offset 24) is not between 1 and 256" },
        { "cpu twice", "Cpus[2] (offset 160) repeats CPU 0x1" },
        { "no memory", "memory range count 0 (offset 26) is not between 1 and 64" },
        { "too much memory", "memory range count 65 (offset 26) is not between 1 and 64" },
        { "empty memory", "Memory[1] (offset 176) is empty" },
        { "memory alignment", "Memory[0] (offset 160) [0x4000000, +0x3e00800) is not page aligned" },
        { "memory order", "Memory[1] (offset 176) starts at 0x1000000, before the previous range ends (0x7e00000): ranges must be sorted and disjoint" },
        { "memory overlap", "Memory[1] (offset 176) starts at 0x7dff000, before the previous range ends (0x7e00000): ranges must be sorted and disjoint" },
        { "memory overflow", "Memory[1] (offset 176) at 0xfffffffffffff000 with length 0x2000 runs past the end of the address space" },
        { "too many reserved", "reserved range count 65 (offset 28) is not between 0 and 64" },
        { "empty reserved", "Reserved[0] (offset 192) is empty" },
        { "reserved overflow", "Reserved[1] (offset 216) at 0xffffffffffffffff with length 0x1 runs past the end of the address space" },
        { "control character", "the command line is not printable Unicode: character 4 is the control character U+000A" },
        { "c1 control", "the command line is not printable Unicode: character 0 is the control character U+0085" },
        { "delete", "the command line is not printable Unicode: character 1 is the control character U+007F" },
        { "lone surrogate", "the command line is not printable Unicode: character 2 is an unpaired surrogate" },
        { "long command line", "the command line is 1025 UTF-8 bytes, more than 1024" },
        { "null list", "a list or the command line is null" },
    };

    [Theory]
    [MemberData(nameof(InvalidBlocks))]
    public void InvalidBlocksAreNotEncoded(string what, string message)
    {
        BootBlock block = Sample();
        switch (what)
        {
            case "kernel count": block.KernelCount = 0; block.KernelId = 0; break;
            case "kernel id": block.KernelId = 2; break;
            case "isa": block.Isa = 3; break;
            case "counter": block.CounterHz = 0; break;
            case "timer": block.TimerHz = 0; break;
            case "image length": block.ImageLength = 0; break;
            case "image alignment": block.ImageBase += 0x800; break;
            case "image overflow": block.ImageBase = 0xFFFFFFFFFFFFF000; break;
            case "machine page": block.MachinePage = 0x9100; break;
            case "link area half": block.LinkAreaLength = 0; break;
            case "link area alignment": block.LinkAreaLength += 0x800; break;
            case "bundle half": block.BundleLength = 0; break;
            case "bundle overflow": block.Bundle = 0xFFFFFFFFFFFF0000; break;
            case "no cpus": block.Cpus.Clear(); break;
            case "too many cpus": block.Cpus = Enumerable.Range(0, 257).Select(i => (ulong)i).ToList(); break;
            case "cpu twice": block.Cpus.Add(1); break;
            case "no memory": block.Memory.Clear(); break;
            case "too much memory": block.Memory = Enumerable.Range(0, 65).Select(i => new PhysicalRange((ulong)i << 20, 4096)).ToList(); break;
            case "empty memory": block.Memory[1] = new PhysicalRange(0x8000000, 0); break;
            case "memory alignment": block.Memory[0] = new PhysicalRange(0x4000000, 0x3E00800); break;
            case "memory order": block.Memory[1] = new PhysicalRange(0x1000000, 0x1000); break;
            case "memory overlap": block.Memory[1] = new PhysicalRange(0x7DFF000, 0x2000); break;
            case "memory overflow": block.Memory[1] = new PhysicalRange(0xFFFFFFFFFFFFF000, 0x2000); break;
            case "too many reserved": block.Reserved = Enumerable.Range(0, 65).Select(i => new ReservedEntry((ulong)i, 1, 1)).ToList(); break;
            case "empty reserved": block.Reserved[0] = new ReservedEntry(0x9000, 0, 4); break;
            case "reserved overflow": block.Reserved[1] = new ReservedEntry(ulong.MaxValue, 1, 2); break;
            case "control character": block.CommandLine = "test\nk1"; break;
            case "c1 control": block.CommandLine = "\u0085"; break;
            case "delete": block.CommandLine = "a\u007f"; break;
            case "lone surrogate": block.CommandLine = "ab\ud800c"; break;
            case "long command line": block.CommandLine = new string('x', 1025); break;
            case "null list": block.Reserved = null; break;
        }
        Assert.Equal("boot block: " + message, Assert.Throws<BootBlockException>(() => block.Encode()).Message);
        Assert.Equal("boot block: " + message, Assert.Throws<BootBlockException>(() => block.EncodedLength).Message);
    }

    public static TheoryData<string, string> CorruptBlocks => new()
    {
        { "magic", "bad magic 0x42425349 at offset 0 (expected 0x42425348)" },
        { "version", "version 2 at offset 4 is not supported (this kernel reads version 1)" },
        { "header length", "header length 120 at offset 6 is not 144 (version 1)" },
        { "total not multiple", "total length 252 at offset 8 is not a multiple of 8 between 144 and 5776" },
        { "total too small", "total length 136 at offset 8 is not a multiple of 8 between 144 and 5776" },
        { "total too large", "total length 5784 at offset 8 is not a multiple of 8 between 144 and 5776" },
        { "crc", "CRC mismatch at offset 12: the block says 0xa2f98311, its bytes give 0xa2f98310" },
        { "counts", "total length 256 at offset 8 disagrees with the counts, which need 264 bytes" },
        { "cpu count", "CPU count 0 (offset 24) is not between 1 and 256" },
        { "command line length", "command line length 1025 (offset 30) is not between 0 and 1024" },
        { "reserved zero word", "Reserved[1] has 0x1 in its zero word at offset 236" },
        { "utf8 continuation", "the command line at offset 240 is not printable UTF-8: byte 9 (0x41) is not a UTF-8 continuation byte" },
        { "utf8 lead", "the command line at offset 240 is not printable UTF-8: byte 0 (0xff) does not start a complete UTF-8 sequence" },
        { "utf8 cut", "the command line at offset 240 is not printable UTF-8: byte 8 (0xc3) does not start a complete UTF-8 sequence" },
        { "utf8 overlong", "the command line at offset 240 is not printable UTF-8: bytes 7..9 are an overlong form, a surrogate or beyond U+10FFFF" },
        { "utf8 control", "the command line at offset 240 is not printable UTF-8: byte 4 is the control character U+0000" },
        { "padding", "padding byte at offset 255 is 0x01, not zero" },
        { "field", "kernel id 5 (offset 16) is not below the kernel count 2" },
    };

    [Theory]
    [MemberData(nameof(CorruptBlocks))]
    public void CorruptBlocksAreRefusedNamingTheField(string what, string message)
    {
        byte[] b = Golden();
        bool fixCrc = true;
        switch (what)
        {
            case "magic": b[0] = 0x49; break;
            case "version": b[4] = 2; break;
            case "header length": b[6] = 120; break;
            case "total not multiple": BitConverter.GetBytes(252u).CopyTo(b, 8); break;
            case "total too small": BitConverter.GetBytes(136u).CopyTo(b, 8); break;
            case "total too large": BitConverter.GetBytes(5784u).CopyTo(b, 8); break;
            case "crc": b[12] ^= 1; fixCrc = false; break;
            case "counts": b[24] = 3; break;
            case "cpu count": b[24] = 0; break;
            case "command line length": BitConverter.GetBytes((ushort)1025).CopyTo(b, 30); break;
            case "reserved zero word": b[236] = 1; break;
            case "utf8 continuation": b[240 + 9] = 0x41; break;
            case "utf8 lead": b[240] = 0xFF; break;
            case "utf8 cut": b[240 + 9] = 0x20; b[30] = 9; break;           // "test k1 " then a lone lead byte
            case "utf8 overlong": b[240 + 7] = 0xE0; b[240 + 8] = 0x80; b[240 + 9] = 0xA0; break;
            case "utf8 control": b[240 + 4] = 0; break;
            case "padding": b[255] = 1; break;
            case "field": b[16] = 5; break;
        }
        if (fixCrc) b = WithCrc(b);
        Assert.Equal("boot block: " + message, Assert.Throws<BootBlockException>(() => BootBlock.Decode(b)).Message);
    }

    [Fact]
    public void RandomMutationsAreRefusedUnlessTheyChangeNothing()
    {
        byte[] golden = Golden();
        var random = new Random(2026);
        int refused = 0, unchanged = 0;
        for (int round = 0; round < 10_000; round++)
        {
            byte[] mutated = Mutate(golden, random);
            bool noOp = mutated.AsSpan().SequenceEqual(golden);     // zeros written over zeros, a nudge of 0
            if (noOp) unchanged++;
            BootBlock decoded;
            try { decoded = BootBlock.Decode(mutated); }
            catch (BootBlockException) { refused++; continue; }
            Assert.True(noOp, $"mutation {round} changed the block and was accepted");
            AssertSame(Sample(), decoded);
        }
        Assert.Equal(10_000 - unchanged, refused);
        Assert.True(unchanged < 500, $"{unchanged} of 10,000 mutations changed nothing");
    }

    [Fact]
    public void RandomMutationsBehindAValidCrcAreRefusedOrDecodeCanonically()
    {
        // With the CRC rewritten, the checks behind it are what stand: anything accepted must be a block whose
        // encoding is exactly the mutated bytes (so no two byte strings decode to the same block).
        byte[] golden = Golden();
        var random = new Random(2027);
        int refused = 0;
        for (int round = 0; round < 10_000; round++)
        {
            byte[] mutated = WithCrc(Mutate(golden, random));
            BootBlock decoded;
            try { decoded = BootBlock.Decode(mutated); }
            catch (BootBlockException) { refused++; continue; }
            byte[] again = decoded.Encode();
            Assert.Equal(mutated.AsSpan(0, again.Length).ToArray(), again);
        }
        Assert.InRange(refused, 1_000, 9_999);
    }

    // One to four byte changes: flipped bits, random bytes, or a run of zeros or 0xFF; sometimes the length changes.
    private static byte[] Mutate(byte[] block, Random random)
    {
        byte[] b = (byte[])block.Clone();
        int changes = random.Next(1, 5);
        for (int i = 0; i < changes; i++)
        {
            int at = random.Next(b.Length);
            switch (random.Next(5))
            {
                case 0: b[at] ^= (byte)(1 << random.Next(8)); break;
                case 1: b[at] = (byte)random.Next(256); break;
                case 2: b.AsSpan(at, Math.Min(b.Length - at, random.Next(1, 9))).Clear(); break;
                case 3: b.AsSpan(at, Math.Min(b.Length - at, random.Next(1, 9))).Fill(0xFF); break;
                default:
                    // A length field nudged: counts and total length disagree, or the block claims more than there is.
                    int[] lengths = [8, 24, 26, 28, 30];
                    int field = lengths[random.Next(lengths.Length)];
                    b[field] = (byte)(b[field] + random.Next(-8, 9));
                    break;
            }
        }
        return b;
    }
}
