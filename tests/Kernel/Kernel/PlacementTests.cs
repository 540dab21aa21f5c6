// The placement planner (src/Satellite/Placement) compiled by ilc and run in the kernel on both ISAs: the same
// decisions, passes and explanations as on the host (tests/Helios.Tests/Placement), from the kernel's runtime.
using Helios.Kernel.Manifests;
using Helios.Satellite.Placement;
using Helios.Testing;

namespace Helios.Kernel.Tests.Kernel
{
    internal static class PlacementTests
    {
        private static SystemView Numa2(int load0, int load1)
        {
            var view = new SystemView();
            view.Kernels.Add(new KernelView("k0", "x86_64", load0));
            view.Kernels.Add(new KernelView("k1", "x86_64", load1));
            view.LauncherKernelId = "k0";
            return view;
        }

        [Test]
        public static void Figure11SpreadsTwoScanners()
        {
            SystemView view = Numa2(60, 5);
            view.Services.Add(new RunningService("/services/mailstore", "MailStoreContract", "k0"));
            var scanner = new ApplicationManifest("scanner");
            scanner.Endpoints.Add(new ManifestEndpoint(EndpointKind.ServiceProvider, 1, -1, "AntivirusContract", "/services/scanner"));

            PlacementDecision first = PlacementPlanner.Place(scanner, view);
            Assert.Equal("scanner -> k1 by load (k0 60%, k1 5%)", first.Summary());
            view.Services.Add(new RunningService("/services/scanner", "AntivirusContract", "k1", "scanner"));
            PlacementDecision second = PlacementPlanner.Place(scanner, view);
            Assert.Equal("scanner -> k0 by negative (k0 0, k1 -1)", second.Summary());
            Assert.Equal(1, second.Eliminations.Count);
            Assert.Equal("k1 at negative: negative sum -1 < 0 (serviceProvider 1 /services/scanner (self) -1)", second.Eliminations[0].ToString());
        }

        [Test]
        public static void NetstackFollowsTheNicDriverToTheDevice()
        {
            var view = new SystemView();
            view.Kernels.Add(new KernelView("k0", "x86_64", 0));
            view.Kernels.Add(new KernelView("k1", "arm64-device", 0));
            var driver = new ApplicationManifest("nicdriver");
            driver.Platforms.Add(new PlatformPreference("arm64-device", 10));
            PlacementDecision placed = PlacementPlanner.Place(driver, view);
            Assert.Equal("k1", placed.Kernel.Id);
            Assert.True(placed.DecidedBy == PlacementPass.Platform);

            view.Services.Add(new RunningService("/dev/nic0", "NicDeviceContract", "k1"));
            var netstack = new ApplicationManifest("netstack");
            netstack.Endpoints.Add(new ManifestEndpoint(EndpointKind.Endpoint, 0, 1, "NicDeviceContract", null));
            Assert.Equal("netstack -> k1 by positive (k0 0, k1 +1)", PlacementPlanner.Place(netstack, view).Summary());
        }

        [Test]
        public static void AMissingPlatformIsARefusal()
        {
            var gpu = new ApplicationManifest("gpuapp");
            gpu.Platforms.Add(new PlatformPreference("vector-cpu", 20));
            PlacementDecision decision = PlacementPlanner.Place(gpu, Numa2(0, 0));
            Assert.False(decision.IsPlaced);
            Assert.Equal("gpuapp refused: no kernel runs a platform its manifest lists: vector-cpu (20): no kernel; the kernels are k0 (x86_64), k1 (x86_64)",
                decision.Summary());
        }
    }
}
