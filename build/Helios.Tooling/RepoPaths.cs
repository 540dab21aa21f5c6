// Where things are in a Helios checkout: found by walking up to Helios.sln.
namespace Helios.Tooling;

public sealed class RepoPaths
{
    private RepoPaths(string root) { Root = root; }

    public string Root { get; }

    public string Solution => Path.Combine(Root, "Helios.sln");

    /// <summary>What `dotnet build` and `./helios` build when not told otherwise.</summary>
    public const string DefaultConfiguration = "Debug";

    public const string KernelImage = "helios-kernel";
    public const string KernelTestImage = "helios-kernel-tests";
    public const string KernelBenchImage = "helios-kernel-bench";

    /// <summary>The images of one configuration: artifacts/images/&lt;config&gt; (lower case, like bin/ and obj/).</summary>
    public string ImagesDirectory(string configuration) => Path.Combine(Root, "artifacts", "images", configuration.ToLowerInvariant());

    /// <summary>A bootable image: artifacts/images/&lt;config&gt;/&lt;isa&gt;/&lt;name&gt;.elf (build/Helios.Image.targets).</summary>
    public string Image(string configuration, Isa isa, string name) => Path.Combine(ImagesDirectory(configuration), isa.Name(), name + ".elf");

    /// <summary>The boot bundle of an ISA: every app's image and manifest (src/Bundle).</summary>
    public string Bundle(string configuration, Isa isa) => Path.Combine(ImagesDirectory(configuration), isa.Name(), "bundle.cpio");

    /// <summary>The bundle beside a kernel image, if the build made one.</summary>
    public static string? BundleBeside(string image)
    {
        string bundle = Path.Combine(Path.GetDirectoryName(image) ?? ".", "bundle.cpio");
        return File.Exists(bundle) ? bundle : null;
    }

    /// <summary>The satellite link of a kernel image (helios-kernel.elf → helios-kernel.satellite.elf), if built.</summary>
    public static string? SatelliteBeside(string image)
    {
        string satellite = Path.Combine(Path.GetDirectoryName(image) ?? ".", Path.GetFileNameWithoutExtension(image) + ".satellite.elf");
        return File.Exists(satellite) ? satellite : null;
    }

    public static RepoPaths Find(string? start = null)
    {
        foreach (string? origin in new[] { start, Environment.CurrentDirectory, AppContext.BaseDirectory })
        {
            for (string? dir = origin; dir is not null; dir = Path.GetDirectoryName(dir))
                if (File.Exists(Path.Combine(dir, "Helios.sln"))) return new RepoPaths(dir);
        }
        throw new CheckoutNotFoundException("not inside a Helios checkout (no Helios.sln above the current directory)");
    }

    public sealed class CheckoutNotFoundException(string message) : Exception(message);
}
