// The satellite link of every kernel image (docs/multikernel.md): a position-independent executable the coordinator's
// loader accepts (only 8-byte-aligned RELATIVE relocations, the entry inside the image), holding the same methods as
// the image QEMU boots, for both ISAs.
using Helios.Kernel.Loading;
using Helios.Tooling;
using Helios.Tooling.Elf;
using Xunit;

namespace Helios.Tests.Satellite;

public class SatelliteImageTests
{
    // The images `dotnet test` builds (the bench kernel is built by `./helios bench` only; it is linked by the same
    // targets, so these two stand for it).
    public static TheoryData<string, string> Images()
    {
        var data = new TheoryData<string, string>();
        foreach (string isa in new[] { "x86_64", "arm64" })
            foreach (string image in new[] { RepoPaths.KernelImage, RepoPaths.KernelTestImage })
                data.Add(isa, image);
        return data;
    }

    // The firmware's entry (Boot.S) is in the fixed link only, the coordinator's (SatelliteEntry.S) in the satellite's.
    private static readonly string[] EntryCode =
        ["pvh_entry32", "long_mode_entry", "helios_satellite_entry", "_start", "secondary_entry", "satellite_"];

    private static string Fixed(string isa, string image) => TestData.Image(IsaNames.Parse(isa), image);

    private static string Satellite(string isa, string image) => Path.ChangeExtension(Fixed(isa, image), ".satellite.elf");

    [Theory]
    [MemberData(nameof(Images))]
    public void TheSatelliteImageIsOneTheLoaderAccepts(string isa, string image)
    {
        byte[] file = File.ReadAllBytes(Satellite(isa, image));
        RelocatableImage read = RelocatableImage.Read(file, image + ".satellite.elf", RelocatableImage.MachineOf(isa == "x86_64"));
        Assert.True(read.RelocationCount > 1000, "a position-independent kernel has many relocations");
        Assert.InRange(read.Entry, 0UL, read.Size - 1);
    }

    [Theory]
    [MemberData(nameof(Images))]
    public void TheSatelliteImageHasTheSameMethodsAsTheFixedOne(string isa, string image)
    {
        HashSet<string> Functions(string path) => ElfFile.Read(path).Symbols
            .Where(s => s.Type == ElfSymbolType.Function && !EntryCode.Any(e => s.Name.StartsWith(e, StringComparison.Ordinal)))
            .Select(s => s.Name).ToHashSet();
        HashSet<string> fixedLink = Functions(Fixed(isa, image)), satellite = Functions(Satellite(isa, image));
        Assert.True(fixedLink.Count > 1000, $"{fixedLink.Count} functions");
        Assert.Empty(fixedLink.Except(satellite));
        Assert.Empty(satellite.Except(fixedLink));
    }
}
