// Where a process starts when nobody named a kernel (docs/placement.md, "At launch"): the coordinator reads the machine
// as the placement planner sees it (every kernel in /kernels with its platform and load, every service in the
// namespace with its kernel and contract) and runs Helios's algorithm (src/Satellite/Placement) on the app's manifest
// from the boot bundle. So editing a manifest moves a process at the next boot, with no rebuild of the app. init
// prints every decision with the pass that made it. A driver goes to the coordinator: only it owns devices.
using Helios.Channels;
using Helios.Kernel.Manifests;
using Helios.Kernel.Namespace;
using Helios.Kernel.Processes;
using Helios.Satellite.Namespace;
using Helios.Satellite.Placement;

namespace Helios.Kernel.Multikernel
{
    public static class LaunchPlacement
    {
        /// <summary>
        /// Where init starts app when nobody named a kernel, with the decision printed: a driver (its manifest declares
        /// hardware) on the coordinator, the only kernel that finds and grants devices; anything else where the
        /// planner puts it. -1: the planner refused (it said why).
        /// </summary>
        public static int Choose(string app)
        {
            if (Apps.ManifestOf(app).PciDevices.Count > 0)
            {
                Diagnostics.KernelConsole.WriteLine("init: placement: " + app + " -> k0 by hardware (its devices are the coordinator's)");
                return 0;
            }
            PlacementDecision decision = Decide(app);
            Diagnostics.KernelConsole.WriteLine("init: placement: " + decision.Summary());
            return decision.IsPlaced ? KernelNumber(decision.Kernel) : -1;
        }

        /// <summary>The planner's decision for app (of the boot bundle) on this machine as it is now.</summary>
        public static PlacementDecision Decide(string app)
        {
            ApplicationManifest manifest = Apps.ManifestOf(app);
            return PlacementPlanner.Place(manifest, CurrentView());
        }

        /// <summary>The kernel number of a planner's kernel id ("k1" is 1).</summary>
        public static int KernelNumber(KernelView kernel) => int.Parse(kernel.Id.Substring(1));

        // The machine as the planner sees it: kernels with platform and load (percent), services with kernel and contract.
        private static SystemView CurrentView()
        {
            var view = new SystemView { LauncherKernelId = KernelRole.Name };
            foreach ((string path, int kernel) in NameService.ListWithKernels("/"))
            {
                if (NamespacePath.IsUnder(path, ServiceDirectory.KernelsPrefix))
                {
                    if (path != KernelNamespaceEntry.Path(kernel)) continue;
                    KernelDescription described = KernelControl.Describe(kernel);
                    view.Kernels.Add(new KernelView("k" + kernel.ToString(), described.Platform, (described.Load + 5) / 10));
                    continue;
                }
                ulong contract;
                try
                {
                    contract = NameService.Resolve(path).Contract;
                }
                catch (NamespaceException)
                {
                    continue;                               // gone since the list: not running any more
                }
                string name = ContractInfo.Find(contract)?.Name ?? "contract 0x" + contract.ToString("X");
                view.Services.Add(new RunningService(path, name, "k" + kernel.ToString()));
            }
            return view;
        }
    }
}
