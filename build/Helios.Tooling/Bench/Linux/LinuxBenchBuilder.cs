// Builds what the Linux comparison boots, per ISA, under artifacts/linux/<isa>/: Debian's kernel (kernel/vmlinuz) and
// the modules the file system suite needs (kernel/modules), the static benchmark program from bench/linux/src
// (bin/init, bin/tiny) and the initramfs holding them (initramfs.cpio; initramfs-fs.cpio adds the modules). Each step
// is skipped while its stamp says nothing it depends on changed (BuildStamp).
using System.Diagnostics;

namespace Helios.Tooling.Bench.Linux;

/// <param name="StepsRun">The steps that did work this time (empty when everything was up to date).</param>
/// <param name="FsInitramfs">The initramfs of the file system suite: Initramfs's files and the disk's and vfat's modules.</param>
public sealed record LinuxBenchArtifacts(Isa Isa, KernelPackage Kernel, string Vmlinuz, string KernelConfig, string Initramfs,
    IReadOnlyList<string> StepsRun, TimeSpan Elapsed, string FsInitramfs = "");

public sealed class LinuxBenchBuilder(RepoPaths paths)
{
    // Changing how a step works changes its digest too, so old outputs are rebuilt.
    private const string KernelStepVersion = "kernel 3";
    private const string ProgramStepVersion = "program 1";
    private const string InitramfsStepVersion = "initramfs 1";

    private static readonly string[] CFlags = ["-O2", "-Wall", "-Wextra", "-Werror", "-pthread"];
    private static readonly string[] LinkFlags = ["-static", "-pthread"];
    private static readonly string[] TinyFlags = ["-O2", "-Wall", "-Werror", "-static", "-nostdlib", "-nostartfiles"];

    /// <summary>
    /// What the file system suite needs, in load order (each after those it depends on), with the kernel option that
    /// builds it: virtio's PCI transport (with its modern and legacy helpers), virtio-blk, FAT, vfat, and vfat's default
    /// code page (437) and character set (ascii) in Debian's config. Debian builds most as modules; which depends on
    /// the ISA (arm64 builds virtio and its ring into the kernel), so the kernel's config decides which are loaded.
    /// </summary>
    public static readonly IReadOnlyList<(string Name, string Config)> FsModules =
    [
        ("virtio_ring", "CONFIG_VIRTIO"), ("virtio", "CONFIG_VIRTIO"), ("virtio_pci_modern_dev", "CONFIG_VIRTIO_PCI_LIB"),
        ("virtio_pci_legacy_dev", "CONFIG_VIRTIO_PCI_LIB_LEGACY"), ("virtio_pci", "CONFIG_VIRTIO_PCI"), ("virtio_blk", "CONFIG_VIRTIO_BLK"),
        ("fat", "CONFIG_FAT_FS"), ("vfat", "CONFIG_VFAT_FS"), ("nls_cp437", "CONFIG_NLS_CODEPAGE_437"), ("nls_ascii", "CONFIG_NLS_ASCII"),
    ];

    /// <summary>
    /// The FsModules this kernel needs loaded, in order: those its config builds as modules (=m); those built in (=y)
    /// need nothing; any other is an error, since the disk or vfat would be missing.
    /// </summary>
    public static IReadOnlyList<string> FsModulesToLoad(IEnumerable<string> configLines)
    {
        var values = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (string line in configLines)
        {
            int equals = line.IndexOf('=');
            if (line.StartsWith("CONFIG_", StringComparison.Ordinal) && equals > 0) values[line[..equals]] = line[(equals + 1)..].Trim();
        }
        var load = new List<string>();
        foreach ((string name, string option) in FsModules)
            switch (values.GetValueOrDefault(option))
            {
                case "m": load.Add(name); break;
                case "y": break;
                default: throw new LinuxBenchException($"the kernel has neither built in nor as a module {option} ({name}), which the file system suite needs");
            }
        return load;
    }

    /// <summary>Beside the extracted modules: the names of those to load, in order, as the initramfs lists them.</summary>
    public const string LoadOrderFile = "load-order";

    /// <summary>The exec'd program of fork_exec_wait: its own source, linked without libc.</summary>
    public const string TinySource = "tiny.c";

    public string SourceDirectory => Path.Combine(paths.Root, "bench", "linux", "src");

    public string OutputDirectory(Isa isa) => Path.Combine(paths.Root, "artifacts", "linux", isa.Name());

    public async Task<LinuxBenchArtifacts> BuildAsync(Isa isa, Action<string>? progress = null, CancellationToken cancellation = default)
    {
        var clock = Stopwatch.StartNew();
        var target = LinuxBenchTarget.For(isa);
        string root = OutputDirectory(isa);
        var steps = new List<string>();
        void Step(string what)
        {
            steps.Add(what);
            progress?.Invoke(what);
        }

        KernelPackage kernel = await DebianKernelPackage.ResolveAsync(target, Path.Combine(root, "kernel-package.txt"), cancellation);
        (string vmlinuz, string config, string modules) = await KernelAsync(target, kernel, root, Step, cancellation);
        (string init, string tiny) = await ProgramAsync(target, root, Step, cancellation);
        string initramfs = Initramfs(root, "initramfs.cpio", init, tiny, null, Step);
        string fsInitramfs = Initramfs(root, "initramfs-fs.cpio", init, tiny, modules, Step);
        return new LinuxBenchArtifacts(isa, kernel, vmlinuz, config, initramfs, steps, clock.Elapsed, fsInitramfs);
    }

    private static async Task<(string Vmlinuz, string Config, string Modules)> KernelAsync(LinuxBenchTarget target, KernelPackage kernel, string root,
        Action<string> step, CancellationToken cancellation)
    {
        string directory = Path.Combine(root, "kernel");
        string vmlinuz = Path.Combine(directory, "vmlinuz"), config = Path.Combine(directory, "config"), modules = Path.Combine(directory, "modules");
        string loadOrder = Path.Combine(modules, LoadOrderFile);
        string stamp = Path.Combine(directory, "kernel.stamp");
        string digest = new BuildStamp().Add(KernelStepVersion).Add(kernel.Package).Add(kernel.Version).Add(target.DebianArch)
            .Add(string.Join(" ", FsModules)).Digest();
        if (BuildStamp.IsCurrent(stamp, digest, vmlinuz, config, loadOrder)) return (vmlinuz, config, modules);

        Directory.CreateDirectory(directory);
        BuildStamp.Invalidate(stamp);
        string debs = Path.Combine(root, "debs");
        string expected = Path.Combine(debs, $"{kernel.Package}_{kernel.Version.Replace(":", "%3a")}_{target.DebianArch}.deb");
        step(File.Exists(expected) ? $"kernel: {kernel.Package} {kernel.Version} (cached package)" : $"kernel: downloading {kernel.Package} {kernel.Version}");
        string deb = await DebianKernelPackage.DownloadAsync(target, kernel, debs, cancellation);
        step($"kernel: extracting {Path.GetFileName(deb)}");
        if (Directory.Exists(modules)) Directory.Delete(modules, recursive: true);
        await DebianKernelPackage.ExtractKernelAsync(deb, vmlinuz, config, modules, FsModules.Select(m => m.Name).ToList(), cancellation);
        IReadOnlyList<string> load = FsModulesToLoad(await File.ReadAllLinesAsync(config, cancellation));
        string[] moduleFiles = load.Select(m => Path.Combine(modules, m + ".ko")).ToArray();
        string? absent = moduleFiles.FirstOrDefault(f => !File.Exists(f));
        if (absent is not null)
            throw new LinuxBenchException($"{Path.GetFileName(deb)} has no {Path.GetFileName(absent)} although its config builds it as a module");
        CheckLoadOrder(moduleFiles);
        await File.WriteAllLinesAsync(loadOrder, load, cancellation);
        await File.WriteAllTextAsync(Path.Combine(directory, "package.txt"), kernel + "\n", cancellation);
        BuildStamp.Write(stamp, digest);
        return (vmlinuz, config, modules);
    }

    /// <summary>
    /// Each module's own list of what it needs (the "depends=" field of its .modinfo, which depmod reads) must come
    /// earlier in FsModules: a kernel package with other dependencies fails here, not at boot.
    /// </summary>
    private static void CheckLoadOrder(string[] moduleFiles)
    {
        var loaded = new HashSet<string>(StringComparer.Ordinal);
        foreach (string file in moduleFiles)
        {
            string name = Path.GetFileNameWithoutExtension(file);
            foreach (string needed in ModuleDependencies(File.ReadAllBytes(file)))
                if (!loaded.Contains(needed.Replace('-', '_')))
                    throw new LinuxBenchException($"module {name} needs {needed}, which LinuxBenchBuilder.FsModules does not load before it");
            loaded.Add(name.Replace('-', '_'));
        }
    }

    /// <summary>The names in a module's "depends=a,b" .modinfo string (NUL-terminated), empty when it has none.</summary>
    public static IReadOnlyList<string> ModuleDependencies(byte[] module)
    {
        byte[] key = "\0depends="u8.ToArray();
        int at = module.AsSpan().IndexOf(key);
        if (at < 0) return [];
        int start = at + key.Length, end = Array.IndexOf(module, (byte)0, start);
        string value = System.Text.Encoding.ASCII.GetString(module, start, (end < 0 ? module.Length : end) - start);
        return value.Split(',', StringSplitOptions.RemoveEmptyEntries);
    }

    private async Task<(string Init, string Tiny)> ProgramAsync(LinuxBenchTarget target, string root, Action<string> step, CancellationToken cancellation)
    {
        if (!Directory.Exists(SourceDirectory)) throw new LinuxBenchException($"the benchmark's sources are missing: {SourceDirectory}");
        string[] sources = Directory.GetFiles(SourceDirectory).Where(f => f.EndsWith(".c") || f.EndsWith(".cpp") || f.EndsWith(".h"))
            .OrderBy(f => f, StringComparer.Ordinal).ToArray();
        string[] cFiles = sources.Where(f => f.EndsWith(".c") && Path.GetFileName(f) != TinySource).ToArray();
        string[] cxxFiles = sources.Where(f => f.EndsWith(".cpp")).ToArray();
        string tinySource = Path.Combine(SourceDirectory, TinySource);
        if (!File.Exists(tinySource)) throw new LinuxBenchException($"{tinySource} is missing");

        string bin = Path.Combine(root, "bin"), obj = Path.Combine(root, "obj");
        string init = Path.Combine(bin, "init"), tiny = Path.Combine(bin, "tiny");
        string stamp = Path.Combine(bin, "program.stamp");
        var inputs = new BuildStamp().Add(ProgramStepVersion).Add(string.Join(" ", CFlags)).Add(string.Join(" ", LinkFlags)).Add(string.Join(" ", TinyFlags));
        foreach (string compiler in new[] { target.Gcc, target.Gxx })
            inputs.Add((await HostCommand.CheckedAsync("asking the compiler its version", compiler, ["--version"], null, cancellation)).Output);
        foreach (string source in sources) inputs.AddFile(Path.GetFileName(source), source);
        string digest = inputs.Digest();
        if (BuildStamp.IsCurrent(stamp, digest, init, tiny)) return (init, tiny);

        step($"program: compiling {sources.Length} files with {target.Gcc}/{target.Gxx}");
        BuildStamp.Invalidate(stamp);
        if (Directory.Exists(obj)) Directory.Delete(obj, recursive: true);
        Directory.CreateDirectory(obj);
        Directory.CreateDirectory(bin);
        // Relative source names in the compiler's messages would point nowhere: give it absolute paths.
        await HostCommand.CheckedAsync("compiling the benchmark (C)", target.Gcc, [.. CFlags, "-c", .. cFiles], obj, cancellation);
        if (cxxFiles.Length > 0)
            await HostCommand.CheckedAsync("compiling the benchmark (C++)", target.Gxx, [.. CFlags, "-c", .. cxxFiles], obj, cancellation);
        string[] objects = cFiles.Concat(cxxFiles).Select(f => Path.Combine(obj, Path.GetFileNameWithoutExtension(f) + ".o")).ToArray();
        await HostCommand.CheckedAsync("linking the benchmark", target.Gxx, [.. LinkFlags, "-o", init, .. objects], obj, cancellation);
        await HostCommand.CheckedAsync("building /bin/tiny", target.Gcc, [.. TinyFlags, "-o", tiny, tinySource], obj, cancellation);
        BuildStamp.Write(stamp, digest);
        return (init, tiny);
    }

    private static string Initramfs(string root, string name, string init, string tiny, string? modules, Action<string> step)
    {
        string initramfs = Path.Combine(root, name);
        string stamp = initramfs + ".stamp";
        var inputs = new BuildStamp().Add(InitramfsStepVersion).AddFile("init", init).AddFile("tiny", tiny);
        string[] load = modules is null ? [] : File.ReadAllLines(Path.Combine(modules, LoadOrderFile)).Where(l => l.Length > 0).ToArray();
        foreach (string module in load) inputs.AddFile(module, Path.Combine(modules!, module + ".ko"));
        string digest = inputs.Digest();
        if (BuildStamp.IsCurrent(stamp, digest, initramfs)) return initramfs;

        step("initramfs: writing " + Path.GetFileName(initramfs));
        BuildStamp.Invalidate(stamp);
        string partial = initramfs + ".partial";
        using (var file = File.Create(partial))
            WriteInitramfs(file, File.ReadAllBytes(init), File.ReadAllBytes(tiny),
                modules is null ? null : load.Select(m => (m, File.ReadAllBytes(Path.Combine(modules, m + ".ko")))).ToList());
        File.Move(partial, initramfs, overwrite: true);
        BuildStamp.Write(stamp, digest);
        return initramfs;
    }

    /// <summary>
    /// The initramfs: /init (the benchmark), /bin/tiny (what fork_exec_wait runs) and /dev/console, without which the
    /// kernel starts /init with no standard output; with modules, also /lib/modules/NAME.ko for each and
    /// /lib/modules/load-order, their names in the order /init loads them (bench/linux/src/fs_mount.c).
    /// </summary>
    public static void WriteInitramfs(Stream output, byte[] init, byte[] tiny, IReadOnlyList<(string Name, byte[] Data)>? modules = null)
    {
        var cpio = new CpioWriter(output);
        cpio.AddDirectory("dev");
        cpio.AddCharacterDevice("dev/console", major: 5, minor: 1);
        cpio.AddDirectory("bin");
        cpio.AddFile("bin/tiny", tiny);
        if (modules is not null)
        {
            cpio.AddDirectory("lib");
            cpio.AddDirectory("lib/modules");
            foreach ((string name, byte[] data) in modules) cpio.AddFile($"lib/modules/{name}.ko", data);
            cpio.AddFile("lib/modules/load-order", System.Text.Encoding.ASCII.GetBytes(string.Join("\n", modules.Select(m => m.Name)) + "\n"));
        }
        cpio.AddFile("init", init);
        cpio.Finish();
    }
}
