// Builds what the Linux comparison boots, per ISA, under artifacts/linux/<isa>/: Debian's kernel (kernel/vmlinuz),
// the static benchmark program from bench/linux/src (bin/init, bin/tiny) and the initramfs holding them
// (initramfs.cpio). Each step is skipped while its stamp says nothing it depends on changed (BuildStamp).
using System.Diagnostics;

namespace Helios.Tooling.Bench.Linux;

/// <param name="StepsRun">The steps that did work this time (empty when everything was up to date).</param>
public sealed record LinuxBenchArtifacts(Isa Isa, KernelPackage Kernel, string Vmlinuz, string KernelConfig, string Initramfs,
    IReadOnlyList<string> StepsRun, TimeSpan Elapsed);

public sealed class LinuxBenchBuilder(RepoPaths paths)
{
    // Changing how a step works changes its digest too, so old outputs are rebuilt.
    private const string KernelStepVersion = "kernel 1";
    private const string ProgramStepVersion = "program 1";
    private const string InitramfsStepVersion = "initramfs 1";

    private static readonly string[] CFlags = ["-O2", "-Wall", "-Wextra", "-Werror", "-pthread"];
    private static readonly string[] LinkFlags = ["-static", "-pthread"];
    private static readonly string[] TinyFlags = ["-O2", "-Wall", "-Werror", "-static", "-nostdlib", "-nostartfiles"];

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
        (string vmlinuz, string config) = await KernelAsync(target, kernel, root, Step, cancellation);
        (string init, string tiny) = await ProgramAsync(target, root, Step, cancellation);
        string initramfs = Initramfs(root, init, tiny, Step);
        return new LinuxBenchArtifacts(isa, kernel, vmlinuz, config, initramfs, steps, clock.Elapsed);
    }

    private static async Task<(string Vmlinuz, string Config)> KernelAsync(LinuxBenchTarget target, KernelPackage kernel, string root,
        Action<string> step, CancellationToken cancellation)
    {
        string directory = Path.Combine(root, "kernel");
        string vmlinuz = Path.Combine(directory, "vmlinuz"), config = Path.Combine(directory, "config");
        string stamp = Path.Combine(directory, "kernel.stamp");
        string digest = new BuildStamp().Add(KernelStepVersion).Add(kernel.Package).Add(kernel.Version).Add(target.DebianArch).Digest();
        if (BuildStamp.IsCurrent(stamp, digest, vmlinuz, config)) return (vmlinuz, config);

        Directory.CreateDirectory(directory);
        BuildStamp.Invalidate(stamp);
        string debs = Path.Combine(root, "debs");
        string expected = Path.Combine(debs, $"{kernel.Package}_{kernel.Version.Replace(":", "%3a")}_{target.DebianArch}.deb");
        step(File.Exists(expected) ? $"kernel: {kernel.Package} {kernel.Version} (cached package)" : $"kernel: downloading {kernel.Package} {kernel.Version}");
        string deb = await DebianKernelPackage.DownloadAsync(target, kernel, debs, cancellation);
        step($"kernel: extracting {Path.GetFileName(deb)}");
        await DebianKernelPackage.ExtractKernelAsync(deb, vmlinuz, config, cancellation);
        await File.WriteAllTextAsync(Path.Combine(directory, "package.txt"), kernel + "\n", cancellation);
        BuildStamp.Write(stamp, digest);
        return (vmlinuz, config);
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

    private static string Initramfs(string root, string init, string tiny, Action<string> step)
    {
        string initramfs = Path.Combine(root, "initramfs.cpio");
        string stamp = initramfs + ".stamp";
        string digest = new BuildStamp().Add(InitramfsStepVersion).AddFile("init", init).AddFile("tiny", tiny).Digest();
        if (BuildStamp.IsCurrent(stamp, digest, initramfs)) return initramfs;

        step("initramfs: writing " + Path.GetFileName(initramfs));
        BuildStamp.Invalidate(stamp);
        string partial = initramfs + ".partial";
        using (var file = File.Create(partial))
            WriteInitramfs(file, File.ReadAllBytes(init), File.ReadAllBytes(tiny));
        File.Move(partial, initramfs, overwrite: true);
        BuildStamp.Write(stamp, digest);
        return initramfs;
    }

    /// <summary>
    /// The initramfs: /init (the benchmark), /bin/tiny (what fork_exec_wait runs) and /dev/console, without which the
    /// kernel starts /init with no standard output.
    /// </summary>
    public static void WriteInitramfs(Stream output, byte[] init, byte[] tiny)
    {
        var cpio = new CpioWriter(output);
        cpio.AddDirectory("dev");
        cpio.AddCharacterDevice("dev/console", major: 5, minor: 1);
        cpio.AddDirectory("bin");
        cpio.AddFile("bin/tiny", tiny);
        cpio.AddFile("init", init);
        cpio.Finish();
    }
}
