// The gdb command line for a guest that waits for gdb (./helios boot --gdb; docs/debugging.md): the kernel image's
// symbols, and build/gdb/helios-apps.py with the images beside it, so that each app's symbols are added where the
// kernel loads the app. One declaration for what boot prints and what the gdb test runs.
namespace Helios.Tooling.Qemu;

public static class GdbCommand
{
    /// <summary>gdb for x86_64 (Debian's knows it), gdb-multiarch for arm64.</summary>
    public static string Program(Isa isa) => isa == Isa.X86_64 ? "gdb" : "gdb-multiarch";

    /// <summary>The arguments: the architecture (arm64), the apps script and its folder, the remote target, the image.</summary>
    /// <summary>build/gdb/helios-apps.py: in a checkout, or beside the helios command that Helios.App.Sdk carries.</summary>
    public static string AppsScript()
    {
        string beside = Path.Combine(AppContext.BaseDirectory, "gdb", "helios-apps.py");
        return File.Exists(beside) ? beside : Path.Combine(RepoPaths.Find().Root, "build", "gdb", "helios-apps.py");
    }

    public static IReadOnlyList<string> Arguments(Isa isa, string image, int port, string appsScript)
    {
        var arguments = new List<string>();
        if (isa == Isa.Arm64) arguments.AddRange(["-ex", "set architecture aarch64"]);
        arguments.AddRange(["-x", appsScript]);
        arguments.AddRange(["-ex", "helios-apps " + Path.Combine(Path.GetDirectoryName(Path.GetFullPath(image))!, "apps")]);
        arguments.AddRange(["-ex", $"target remote :{port}", image]);
        return arguments;
    }

    /// <summary>The command as a shell line: arguments with spaces or quotes in single quotes.</summary>
    public static string Display(Isa isa, string image, int port, string appsScript)
        => string.Join(" ", [Program(isa), .. Arguments(isa, image, port, appsScript).Select(Quote)]);

    private static string Quote(string word)
        => word.Length > 0 && word.All(c => char.IsAsciiLetterOrDigit(c) || c is '/' or '.' or '-' or '_' or ':' or '=')
            ? word : "'" + word.Replace("'", "'\\''") + "'";
}
