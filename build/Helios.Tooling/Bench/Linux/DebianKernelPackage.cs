// The Linux kernel the comparison boots: Debian's own build for the ISA. The flavour's metapackage (linux-image-amd64,
// linux-image-arm64) is resolved to the exact package it depends on today, that package is fetched with
// `apt-get download` and only its kernel and config are taken out of it (dpkg-deb's file-system tar, read here):
// nothing is installed. The result is cached per package and version, so a second build downloads nothing.
using System.Formats.Tar;
using System.Diagnostics;
using System.Text.RegularExpressions;

namespace Helios.Tooling.Bench.Linux;

/// <param name="Package">The versioned package, e.g. linux-image-6.1.0-56-amd64.</param>
/// <param name="Version">Its Debian version, e.g. 6.1.192-2.</param>
/// <param name="Metapackage">What it was resolved from, e.g. linux-image-amd64.</param>
public sealed record KernelPackage(string Package, string Version, string Metapackage)
{
    public override string ToString() => $"{Package} {Version} (Debian, from {Metapackage})";
}

public static partial class DebianKernelPackage
{
    [GeneratedRegex(@"^(?<name>linux-image-[0-9][^\s(:]*)(:\S+)?\s*(\(\s*=\s*(?<version>[^)\s]+)\s*\))?$")]
    private static partial Regex KernelDependency();

    [GeneratedRegex(@"^Version:\s*(?<version>\S+)\s*$")]
    private static partial Regex VersionLine();

    /// <summary>
    /// The versioned kernel package in the Depends: field of `apt-cache show` output for a metapackage, with the exact
    /// version when the field pins one (Debian's do: "linux-image-6.1.0-56-amd64 (= 6.1.192-2)"); null when none.
    /// </summary>
    public static (string Package, string? Version)? ParseMetapackage(string aptCacheShow)
    {
        foreach (string line in aptCacheShow.Split('\n'))
        {
            if (!line.StartsWith("Depends:", StringComparison.Ordinal)) continue;
            foreach (string alternative in line["Depends:".Length..].Split(',', '|'))
            {
                Match m = KernelDependency().Match(alternative.Trim());
                if (m.Success) return (m.Groups["name"].Value, m.Groups["version"].Success ? m.Groups["version"].Value : null);
            }
            return null;   // the first stanza's field is the candidate's
        }
        return null;
    }

    /// <summary>The first Version: field of `apt-cache show` output, or null.</summary>
    public static string? ParseVersion(string aptCacheShow)
    {
        foreach (string line in aptCacheShow.Split('\n'))
        {
            Match m = VersionLine().Match(line.TrimEnd('\r'));
            if (m.Success) return m.Groups["version"].Value;
        }
        return null;
    }

    /// <summary>
    /// Which kernel the flavour's metapackage stands for now, from apt's local package lists (no network). apt here
    /// keeps no binary cache, so each query reads every list (seconds); the answer is kept in `cacheFile` and reused
    /// while the lists and the architectures dpkg knows are unchanged.
    /// </summary>
    public static async Task<KernelPackage> ResolveAsync(LinuxBenchTarget target, string cacheFile, CancellationToken cancellation)
    {
        string fingerprint = AptListsFingerprint();
        if (File.Exists(cacheFile))
        {
            string[] cached = await File.ReadAllLinesAsync(cacheFile, cancellation);
            if (cached.Length == 4 && cached[0] == fingerprint && cached[3] == target.Metapackage)
                return new KernelPackage(cached[1], cached[2], cached[3]);
        }

        string hint = target.Isa == Isa.Arm64
            ? " (arm64 packages need the architecture added and the lists refreshed: ./helios setup does both, i.e. dpkg --add-architecture arm64 && apt-get update)"
            : " (refresh the package lists: apt-get update)";
        HostCommandResult meta = await HostCommand.RunAsync("apt-cache", ["show", "--no-all-versions", target.Qualified(target.Metapackage)], null, cancellation);
        (string Package, string? Version)? dependency = meta.ExitCode == 0 ? ParseMetapackage(meta.Output) : null;
        if (dependency is null)
            throw new LinuxBenchException($"apt does not know {target.Qualified(target.Metapackage)} or it depends on no kernel{hint}: {meta.Everything}");
        (string package, string? version) = dependency.Value;
        if (version is null)
        {
            HostCommandResult show = await HostCommand.RunAsync("apt-cache", ["show", "--no-all-versions", target.Qualified(package)], null, cancellation);
            version = show.ExitCode == 0 ? ParseVersion(show.Output) : null;
            if (version is null)
                throw new LinuxBenchException($"apt has no version of {target.Qualified(package)}{hint}: {show.Everything}");
        }
        var kernel = new KernelPackage(package, version, target.Metapackage);
        Directory.CreateDirectory(Path.GetDirectoryName(cacheFile)!);
        await File.WriteAllLinesAsync(cacheFile, [fingerprint, kernel.Package, kernel.Version, kernel.Metapackage], cancellation);
        return kernel;
    }

    // What apt's answer depends on: the downloaded lists (name, size, time) and dpkg's foreign architectures.
    private static string AptListsFingerprint()
    {
        var stamp = new BuildStamp();
        const string lists = "/var/lib/apt/lists", architectures = "/var/lib/dpkg/arch";
        if (Directory.Exists(lists))
            foreach (string file in Directory.GetFiles(lists).Order(StringComparer.Ordinal))
            {
                var info = new FileInfo(file);
                stamp.Add($"{info.Name} {info.Length} {info.LastWriteTimeUtc.Ticks}");
            }
        if (File.Exists(architectures)) stamp.AddFile("arch", architectures);
        return stamp.Digest();
    }

    /// <summary>The package's .deb in the cache, downloaded if it is not there yet.</summary>
    public static async Task<string> DownloadAsync(LinuxBenchTarget target, KernelPackage kernel, string cacheDirectory, CancellationToken cancellation)
    {
        Directory.CreateDirectory(cacheDirectory);
        string stem = $"{kernel.Package}_{kernel.Version.Replace(":", "%3a")}_{target.DebianArch}";
        string deb = Path.Combine(cacheDirectory, stem + ".deb");
        if (File.Exists(deb)) return deb;

        // Into a directory of its own, then renamed: an interrupted download never looks like a finished one.
        string partial = Path.Combine(cacheDirectory, stem + ".partial");
        if (Directory.Exists(partial)) Directory.Delete(partial, recursive: true);
        Directory.CreateDirectory(partial);
        await HostCommand.CheckedAsync($"downloading {kernel.Package} {kernel.Version}", "apt-get",
            ["download", "-q", $"{target.Qualified(kernel.Package)}={kernel.Version}"], partial, cancellation);
        string[] got = Directory.GetFiles(partial, "*.deb");
        if (got.Length != 1)
            throw new LinuxBenchException($"apt-get download left {got.Length} .deb files in {partial}, expected one");
        File.Move(got[0], deb, overwrite: true);
        Directory.Delete(partial, recursive: true);
        return deb;
    }

    /// <summary>
    /// Takes boot/vmlinuz-* and boot/config-* out of the package (dpkg-deb --fsys-tarfile, read as a tar stream) into
    /// the two given files, and those of the modules named in <paramref name="modules"/> (file names without ".ko", e.g.
    /// virtio_blk) that the package has into <paramref name="modulesDirectory"/> as NAME.ko (one built into the kernel
    /// has no file); the package's other modules are left in it.
    /// </summary>
    public static async Task ExtractKernelAsync(string deb, string vmlinuz, string config, string modulesDirectory, IReadOnlyList<string> modules,
        CancellationToken cancellation)
    {
        Directory.CreateDirectory(modulesDirectory);
        var wanted = new HashSet<string>(modules.Select(m => m + ".ko"), StringComparer.Ordinal);

        var start = new ProcessStartInfo("dpkg-deb") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (string arg in new[] { "--fsys-tarfile", deb }) start.ArgumentList.Add(arg);
        using var process = new Process { StartInfo = start };
        try
        {
            process.Start();
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            throw new LinuxBenchException($"cannot run dpkg-deb: {e.Message}");
        }
        Task<string> errors = process.StandardError.ReadToEndAsync(cancellation);
        bool foundKernel = false, foundConfig = false;
        await using (var reader = new TarReader(process.StandardOutput.BaseStream))
        {
            while (await reader.GetNextEntryAsync(copyData: false, cancellation) is TarEntry entry)
            {
                string name = entry.Name.TrimStart('.', '/');
                string file = Path.GetFileName(name);
                bool module = name.StartsWith("lib/modules/", StringComparison.Ordinal) && wanted.Contains(file);
                string? destination = name.StartsWith("boot/vmlinuz-", StringComparison.Ordinal) ? vmlinuz
                    : name.StartsWith("boot/config-", StringComparison.Ordinal) ? config
                    : module ? Path.Combine(modulesDirectory, file) : null;
                if (destination is null || entry.EntryType is not (TarEntryType.RegularFile or TarEntryType.V7RegularFile)) continue;
                await entry.ExtractToFileAsync(destination + ".partial", overwrite: true, cancellation);
                File.Move(destination + ".partial", destination, overwrite: true);
                foundKernel |= destination == vmlinuz;
                foundConfig |= destination == config;
            }
            // Drain the rest so dpkg-deb is not stopped by a full pipe before it exits.
            await process.StandardOutput.BaseStream.CopyToAsync(Stream.Null, cancellation);
        }
        await process.WaitForExitAsync(cancellation);
        if (process.ExitCode != 0)
            throw new LinuxBenchException($"dpkg-deb --fsys-tarfile {deb} exited with {process.ExitCode}: {(await errors).Trim()}");
        if (!foundKernel || !foundConfig)
            throw new LinuxBenchException($"{deb} has no boot/vmlinuz-* or boot/config-*: is it a linux-image package?");
    }
}
