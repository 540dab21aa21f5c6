// Placement at launch, end to end (docs/placement.md, "At launch"): pingclient's manifest gives its channel to the
// ping service an affinity; init starts the service on k1 and then the client with no kernel named, so the
// coordinator's planner places it. Editing the affinity from +1 to -1 moves the client from k1 to k0 at the next
// boot. The client asks for its manifest's endpoint and the kernel binds it to the service wherever the client
// landed (across the kernels, or locally). Between the two boots only what the build's manifest and bundle steps do is redone (the manifest checked and
// compiled by the same code, the bundle rewritten): the app's image is the built one, byte for byte.
using System.Text.RegularExpressions;
using Helios.Kernel.Manifests;
using Helios.Manifests;
using Helios.Manifests.Contracts;
using Helios.Tooling;
using Helios.Tooling.Qemu;
using Xunit;

namespace Helios.Tests.InKernel;

public class PlacementBootTests
{
    private const string Service = "/services/ping-process";

    // What init starts: the service pinned to k1, and, once it is registered, the client placed by its manifest.
    private const string BootConfiguration = "pingserver@k1 register " + Service + "\nwait " + Service + "\npingclient 100\n";

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task EditingTheClientsAffinityMovesItAtTheNextBoot(string isaName)
    {
        Isa isa = IsaNames.Parse(isaName);
        const string Declared = "affinity=\"-1\" contractName=\"PingPongContract\" path=\"" + Service + "\"";

        // The shipped manifest's -1 (keep away from the service), then the same line edited to +1 (run beside it).
        foreach ((string affinity, string kernel, string pass) in new[] { ("-1", "k0", "negative"), ("1", "k1", "positive") })
        {
            string edited = Shipped("pingclient", Declared, Declared.Replace("affinity=\"-1\"", "affinity=\"" + affinity + "\""));
            string bundle = Rebundle(isa, "pingclient", edited, BootConfiguration, isaName + affinity);
            string console = await BootNuma2(isa, bundle);
            Assert.Contains($"k0: init: placement: pingclient -> {kernel} by {pass}", console);
            Assert.Matches($@"k0: init: starting pingclient \(pid \d+, on {kernel}\) with arguments: 100", console);
            Assert.Contains("k1: [pingserver] answered 100", console);
            Assert.Matches(@"k0: init: pingclient \(pid \d+\) exited with code 0", console);
            File.Delete(bundle);
        }
    }

    // ./helios boot --run without @kernel on a machine of several kernels: the coordinator places the app (hello's
    // manifest has no affinities, so by load), prints the decision, and the app's exit code is the run's.
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void ARunAppWithoutAKernelIsPlaced(string isa)
    {
        (int code, string output) = Cli.HeliosCommandTests.Run(
            ["boot", "-c", TestData.Configuration, "--arch", isa, "--no-build", "--timeout", "300", "--topology", "numa2", "--run", "hello", "--", "a", "b"]);
        Assert.True(code == 2, output);
        Match placed = Regex.Match(output, @"k0: init: placement: hello -> (k[01]) by load \(k0 \d+%, k1 \d+%\)");
        Assert.True(placed.Success, output);
        string kernel = placed.Groups[1].Value;
        Assert.Matches($@"k0: init: starting hello \(pid \d+, on {kernel}\) with arguments: a b", output);
        Assert.Contains($"{kernel}: [hello] hello from a process: 2 argument(s)", output);
        Assert.Contains($"helios: {isa}: hello exited with code 2; exit code 2", output);
    }

    // The paper's Figure 11 at launch: pingserver's manifest edited to give its service a self-reference affinity of
    // -1, and two copies started with no kernel named: the first goes where the load is lowest, the second to the
    // other kernel by self-reference. Both register the one path; a client on each kernel is given its own kernel's copy.
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task SelfReferenceSpreadsCopiesOfAServiceAtLaunch(string isaName)
    {
        Isa isa = IsaNames.Parse(isaName);
        const string Declared = "<serviceProvider id=\"0\" contractName=\"PingPongContract\" path=\"" + Service + "\" />";
        string edited = Shipped("pingserver", Declared, Declared.Replace("id=\"0\"", "id=\"0\" affinity=\"-1\""));
        const string Configuration = "pingserver register " + Service + "\nwait " + Service + "\npingserver register " + Service + "\nwait " + Service + " 2\n"
                                     + "pingclient@k0 bind " + Service + " 100\npingclient@k1 bind " + Service + " 100\n";
        string bundle = Rebundle(isa, "pingserver", edited, Configuration, isaName + "-copies");
        string console = await BootNuma2(isa, bundle);
        Match first = Regex.Match(console, @"k0: init: placement: pingserver -> (k[01]) by load");
        Assert.True(first.Success, console);
        string other = first.Groups[1].Value == "k0" ? "k1" : "k0";
        string sums = other == "k1" ? "k0 -1, k1 0" : "k0 0, k1 -1";        // in kernel order
        Assert.Contains($"k0: init: placement: pingserver -> {other} by negative ({sums})", console);
        foreach (string kernel in new[] { "k0", "k1" })
        {
            Assert.Contains($"{kernel}: [pingserver] answered 100", console);
            Assert.Contains($"{kernel}: [pingclient] 100 round trips with {Service}, every answer right", console);
        }
        File.Delete(bundle);
    }

    // Boots the kernel image on numa2 with bundle; the machine must end well. Returns the console.
    private static async Task<string> BootNuma2(Isa isa, string bundle)
    {
        QemuOptions options = new QemuOptions(isa, TestData.Image(isa, RepoPaths.KernelImage))
        {
            Bundle = bundle,
            Timeout = TimeSpan.FromSeconds(300),
        }.WithTopology(QemuTopology.Parse("numa2", out _)!);
        QemuResult run = await QemuRunner.RunAsync(options);
        string console = string.Join("\n", run.Console);
        Assert.True(run.Succeeded, run.Summary + "\n" + console);
        return console;
    }

    // app's manifest as shipped in manifests/, with the text declared (which must be there) replaced: a user's edit.
    private static string Shipped(string app, string declared, string replacement)
    {
        string shipped = File.ReadAllText(Path.Combine(TestData.Repo.Root, "manifests", app + ".manifest.xml"));
        Assert.Contains(declared, shipped);
        return shipped.Replace(declared, replacement);
    }

    // The build's bundle with app's manifest compiled from text (checked and compiled as the build's manifest step
    // does) and the boot configuration given; every app image stays the built one.
    private static string Rebundle(Isa isa, string app, string manifestText, string bootConfiguration, string name)
    {
        string built = RepoPaths.BundleBeside(TestData.Image(isa, RepoPaths.KernelImage))!;
        var contracts = ContractDirectoryCatalog.Load(Path.Combine(TestData.Repo.Root, "src", "Contracts"));
        ManifestLoadResult loaded = new ManifestLoader(contracts).LoadText(manifestText, app + ".manifest.xml");
        Assert.True(loaded.Manifest is not null, string.Join("\n", loaded.Diagnostics.Select(d => d.ToMsBuildError())));
        SortedDictionary<string, ArraySegment<byte>> files = BundleApps.Files(built);
        Assert.True(files.ContainsKey($"apps/{app}.elf") && files.ContainsKey($"apps/{app}.manifest"), $"the built bundle has no {app}");
        string path = Path.Combine(Path.GetTempPath(), $"helios-placement-{name}-{Environment.ProcessId}.cpio");
        using (FileStream output = File.Create(path))
        {
            var writer = new CpioWriter(output);
            writer.AddDirectory("apps");
            foreach ((string file, ArraySegment<byte> bytes) in files)
            {
                ReadOnlySpan<byte> content = file switch
                {
                    _ when file == $"apps/{app}.manifest" => ManifestBlobWriter.Write(loaded.Manifest!),
                    "init.conf" => System.Text.Encoding.ASCII.GetBytes(bootConfiguration),
                    _ => bytes,
                };
                writer.AddFile(file, content, 0b110_100_100);
            }
            writer.Finish();
        }
        return path;
    }
}
