// The topologies `helios placement --topology <name>` knows without a file: the NUMA machines the satellite kernels
// will boot on in QEMU (one kernel per domain, all x86_64, idle) and a heterogeneous one with an arm64 device kernel,
// the paper's XScale card. The first kernel is the coordinator, where launches start and pipes end.
using Helios.Satellite.Placement;

namespace Helios.Placement;

public static class BuiltInTopologies
{
    public static readonly IReadOnlyList<(string Name, string Description)> All =
    [
        ("single", "one x86_64 kernel: k0"),
        ("numa2", "two NUMA domains, one x86_64 kernel each: k0, k1"),
        ("numa4", "four NUMA domains, one x86_64 kernel each: k0 to k3"),
        ("device", "an x86_64 coordinator k0 and an arm64-device satellite k1 (a programmable device)"),
        ("numa2-device", "two x86_64 NUMA kernels k0, k1 and an arm64-device satellite k2"),
    ];

    public static Topology? Find(string name) => name switch
    {
        "single" => Make(name, "x86_64"),
        "numa2" => Make(name, "x86_64", "x86_64"),
        "numa4" => Make(name, "x86_64", "x86_64", "x86_64", "x86_64"),
        "device" => Make(name, "x86_64", "arm64-device"),
        "numa2-device" => Make(name, "x86_64", "x86_64", "arm64-device"),
        _ => null,
    };

    public static string Names => string.Join(", ", All.Select(t => t.Name));

    private static Topology Make(string name, params string[] platforms)
    {
        var view = new SystemView();
        for (int i = 0; i < platforms.Length; i++) view.Kernels.Add(new KernelView("k" + i, platforms[i], 0));
        view.LauncherKernelId = "k0";
        return new Topology(name, "built in", view);
    }
}
