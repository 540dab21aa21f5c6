// helios setup: install what the build and the tests need from Debian (QEMU, lld, the arm64 assembler, gdb, the C and
// C++ compilers of the Linux comparison, dosfstools and mtools for FAT32 images), once, and let apt fetch arm64
// packages (the comparison's arm64 kernel).
using System.CommandLine;
using System.Diagnostics;
using Spectre.Console;

namespace Helios.Cli.Commands;

internal static class SetupCommand
{
    // Debian 12 package -> the program it provides, checked after installing.
    private static readonly (string Package, string Program)[] Required =
    [
        ("qemu-system-x86", "qemu-system-x86_64"),
        ("qemu-system-arm", "qemu-system-aarch64"),
        ("lld", "ld.lld"),
        ("gcc", "gcc"),
        ("gcc-aarch64-linux-gnu", "aarch64-linux-gnu-gcc"),
        ("gdb-multiarch", "gdb-multiarch"),
        // The Linux comparison's static benchmark (bench/linux): C++ for both ISAs.
        ("g++", "g++"),
        ("g++-aarch64-linux-gnu", "aarch64-linux-gnu-g++"),
        // FAT32 disk images: ./helios disk create, and the file system's tests (mkfs.vfat, fsck.vfat; mcopy, mdir).
        ("dosfstools", "mkfs.vfat"),
        ("mtools", "mcopy"),
    ];

    // Debian's arm64 kernel package is fetched (never installed) with apt-get download, which needs the architecture.
    private const string ForeignArchitecture = "arm64";

    public static Command Create()
    {
        var check = new Option<bool>("--check") { Description = "Only report what is missing; install nothing" };
        var command = new Command("setup", "Install QEMU, lld, the arm64 assembler, gdb, dosfstools and mtools from Debian's packages") { check };
        command.SetAction(parse => Run(parse.GetValue(check)));
        return command;
    }

    private static int Run(bool checkOnly)
    {
        var missing = Required.Where(r => !OnPath(r.Program)).ToList();
        foreach ((string package, string program) in Required)
            AnsiConsole.MarkupLine(OnPath(program) ? $"  [green]ok[/]      {program}" : $"  [yellow]missing[/] {program} (Debian package {package})");
        bool needArchitecture = !HasForeignArchitecture();
        AnsiConsole.MarkupLine(needArchitecture
            ? $"  [yellow]missing[/] {ForeignArchitecture} packages for apt (dpkg --add-architecture {ForeignArchitecture}), for the Linux comparison's kernel"
            : $"  [green]ok[/]      apt knows {ForeignArchitecture} packages");
        if (missing.Count == 0 && !needArchitecture)
        {
            AnsiConsole.MarkupLine("[green]helios: everything the build and the tests need is installed[/]");
            return 0;
        }
        if (checkOnly) return 1;

        string packages = string.Join(" ", missing.Select(m => m.Package));
        bool root = Environment.UserName == "root";
        string sudo = root ? "" : OnPath("sudo") ? "sudo " : "";
        if (!root && sudo.Length == 0)
        {
            AnsiConsole.MarkupLine($"[red]helios: not root and no sudo: install these as root: apt-get install {packages}[/]");
            return 1;
        }
        string addArchitecture = needArchitecture ? $"{sudo}dpkg --add-architecture {ForeignArchitecture} && " : "";
        AnsiConsole.MarkupLine($"helios: {(needArchitecture ? $"adding the {ForeignArchitecture} architecture to apt" : "")}{(needArchitecture && missing.Count > 0 ? "; " : "")}{(missing.Count > 0 ? $"installing {packages}" : "")}");
        int code = Shell(addArchitecture + InstallCommand(sudo.Length > 0, missing.Select(m => m.Package)));
        var still = Required.Where(r => !OnPath(r.Program)).Select(r => r.Program).ToList();
        if (!HasForeignArchitecture()) still.Add($"the {ForeignArchitecture} architecture in apt");
        if (code != 0 || still.Count > 0)
        {
            AnsiConsole.MarkupLine($"[red]helios: setup failed (apt-get exited with {code}); still missing: {string.Join(", ", still)}[/]");
            return 1;
        }
        AnsiConsole.MarkupLine("[green]helios: setup complete[/]");
        return 0;
    }

    /// <summary>
    /// The shell command that installs the packages. The variable goes after sudo: sudo resets the environment, so one
    /// set before it would not reach apt-get.
    /// </summary>
    internal static string InstallCommand(bool sudo, IEnumerable<string> packages)
    {
        string asRoot = sudo ? "sudo " : "";
        return $"{asRoot}apt-get update -qq && {asRoot}DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends {string.Join(" ", packages)}";
    }

    private static bool HasForeignArchitecture()
    {
        try
        {
            using var process = Process.Start(new ProcessStartInfo("dpkg") { ArgumentList = { "--print-foreign-architectures" }, RedirectStandardOutput = true, UseShellExecute = false })!;
            string output = process.StandardOutput.ReadToEnd();
            process.WaitForExit();
            return output.Split('\n', StringSplitOptions.TrimEntries).Contains(ForeignArchitecture);
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return false;   // no dpkg: not Debian; the install step says what to do
        }
    }

    // dosfstools installs into /usr/sbin, which a Debian user's PATH leaves out.
    private static bool OnPath(string program)
        => (Environment.GetEnvironmentVariable("PATH") ?? "").Split(':').Concat(["/usr/sbin", "/sbin"]).Any(dir => File.Exists(Path.Combine(dir, program)));

    private static int Shell(string command)
    {
        using var process = Process.Start(new ProcessStartInfo("/bin/sh") { ArgumentList = { "-c", command }, UseShellExecute = false })!;
        process.WaitForExit();
        return process.ExitCode;
    }
}
