// Where things are in a Helios checkout: found by walking up to Helios.sln.
namespace Helios.Tooling;

public sealed class RepoPaths
{
    private RepoPaths(string root) { Root = root; }

    public string Root { get; }

    public string Solution => Path.Combine(Root, "Helios.sln");

    public string ImagesDirectory => Path.Combine(Root, "artifacts", "images");

    /// <summary>A bootable image: artifacts/images/&lt;isa&gt;/&lt;name&gt;.elf.</summary>
    public string Image(Isa isa, string name) => Path.Combine(ImagesDirectory, isa.Name(), name + ".elf");

    public const string KernelImage = "helios-kernel";
    public const string KernelTestImage = "helios-kernel-tests";

    public static RepoPaths Find(string? start = null)
    {
        foreach (string? origin in new[] { start, Environment.CurrentDirectory, AppContext.BaseDirectory })
        {
            for (string? dir = origin; dir is not null; dir = Path.GetDirectoryName(dir))
                if (File.Exists(Path.Combine(dir, "Helios.sln"))) return new RepoPaths(dir);
        }
        throw new InvalidOperationException("not inside a Helios checkout (no Helios.sln above the current directory)");
    }
}
