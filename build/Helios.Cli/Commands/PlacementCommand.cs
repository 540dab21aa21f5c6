// helios placement: simulate launching manifests, in order, on a topology (built in or an XML file) with the planner
// the coordinator runs, and print where each process goes and which pass decided; --explain adds every pass's sums
// and why the other kernels lost. No boot. Exit 0 when every process was placed, 1 when a file is invalid or a
// launch is refused, 2 for usage errors.
using System.CommandLine;
using Helios.Kernel.Manifests;
using Helios.Manifests;
using Helios.Placement;

namespace Helios.Cli.Commands;

internal static class PlacementCommand
{
    public static Command Create()
    {
        var topology = new Option<string>("--topology", "-t")
        {
            Description = $"The machine: a built-in topology ({BuiltInTopologies.Names}) or a topology file (docs/placement.md)",
            HelpName = "name|file.xml",
            Required = true,
        };
        topology.Validators.Add(result =>
        {
            string? value = result.GetValueOrDefault<string>();
            if (value is null || BuiltInTopologies.Find(value) is not null || File.Exists(value) || Directory.Exists(value)) return;
            result.AddError($"--topology: '{value}' is neither a built-in topology ({BuiltInTopologies.Names}) nor a file.");
        });
        var explain = new Option<bool>("--explain", "-e") { Description = "Also print every pass's values, why the other kernels lost and the channels behind each sum" };
        var files = new Argument<string[]>("manifest") { Description = "Manifests to launch, in this order", Arity = ArgumentArity.OneOrMore };
        CommonOptions.NoUnknownOptions(files);
        var command = new Command("placement", "Show where Helios's placement (paper Figure 3) puts each manifest's process on a topology, without booting")
        {
            topology, explain, files,
        };
        command.SetAction(parse => CommandErrors.Guard(() => Run(parse.GetValue(topology)!, parse.GetValue(files)!, parse.GetValue(explain))));
        return command;
    }

    private static int Run(string topologyName, string[] files, bool explain)
    {
        Topology? topology = BuiltInTopologies.Find(topologyName);
        bool invalid = false;
        if (topology is null)
        {
            TopologyLoader.Result loaded = TopologyLoader.LoadFile(topologyName);
            foreach (TopologyDiagnostic diagnostic in loaded.Diagnostics) Console.WriteLine(diagnostic.ToString());
            topology = loaded.Topology;
            invalid = topology is null;
        }

        var loader = new ManifestLoader();
        var manifests = new List<(string, ApplicationManifest)>();
        foreach (string file in files)
        {
            ManifestLoadResult result = loader.LoadFile(file);
            foreach (ManifestDiagnostic diagnostic in result.Diagnostics) Console.WriteLine(diagnostic.ToString());
            if (result.Manifest is null) invalid = true;
            else manifests.Add((file, result.Manifest));
        }
        if (invalid || topology is null)
        {
            Console.WriteLine("helios: placement: nothing was placed: fix the files above first");
            return 1;
        }

        List<LaunchSimulation.Launch> launches = LaunchSimulation.Run(topology, manifests);
        Console.Write(PlacementReport.Write(topology, launches, explain));
        return launches.All(l => l.Decision.IsPlaced) ? 0 : 1;
    }
}
