// The namespace's manifest policy (ManifestNamespacePolicy): a process registers only the paths its manifest declares
// as <serviceProvider> endpoints, with their contracts (manifests/pingserver.manifest.xml declares
// /services/ping-process for PingPongContract and /services/ping-declared-as-pipe for PipeContract); a refusal kills
// that process with a ChannelException naming the path, the app and its manifest; kernel threads register anything.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Namespace;
using Helios.Kernel.Processes;
using Helios.Kernel.Threading;
using Helios.Testing;

namespace Helios.Kernel.Tests.Channels
{
    internal static class NamespacePolicyTests
    {
        [Test]
        public static void AProcessRegistersWhatItsManifestDeclares()
        {
            Assert.True(NameService.Policy is ManifestNamespacePolicy);
            var baseline = HeapBaseline.Take();
            Process server = Apps.Create("pingserver", new[] { "register", "/services/ping-process" });
            server.Start();
            int spins = 0;
            while (spins < 5000 && !server.HasEnded && NameService.List("/services/ping-process").Length == 0)
            {
                WaitDispatcher.WaitOne(server, 1000000);
                spins++;
            }
            Assert.True(NameService.List("/services/ping-process").Length == 1, "not registered: " + (server.KillReason ?? server.State.ToString()));
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp exporter);
            NameService.Bind("/services/ping-process", PingPongContract.Info, exporter.Handle);
            client.SendPing(0);
            client.ReceivePong(out int answer);
            Assert.Equal(1, answer);
            client.Close();
            Assert.Equal(0, server.Wait());
            baseline.AssertHandlesRestored();
        }

        private static string RefusedReason(string path)
        {
            Process server = Apps.Create("pingserver", new[] { "register", path });
            server.Start();
            Assert.Equal(-1, server.Wait());
            Assert.Equal(0, NameService.List(path).Length);
            string reason = server.KillReason;
            Assert.True(reason.Contains("ChannelException") && reason.Contains("may not register " + path)
                && reason.Contains("the manifest of app \"pingserver\""), reason);
            return reason;
        }

        [Test]
        public static void APathTheManifestDoesNotDeclareIsRefused()
        {
            string reason = RefusedReason("/services/ping-undeclared");
            Assert.True(reason.Contains("declares no <serviceProvider> with path=\"/services/ping-undeclared\" (it declares "
                + "/services/ping-process (PingPongContract), /services/ping-declared-as-pipe (PipeContract))"), reason);
            // Nor anything under a declared path: a declaration is one path, not a prefix.
            RefusedReason("/services/ping-process/more");
        }

        [Test]
        public static void ADeclaredPathOfAnotherContractIsRefused()
        {
            string reason = RefusedReason("/services/ping-declared-as-pipe");
            Assert.True(reason.Contains("with contractName=\"PipeContract\", not PingPongContract"), reason);
        }

        [Test]
        public static void KernelThreadsRegisterAnything()
        {
            Assert.True(NameService.Policy is ManifestNamespacePolicy);
            NameService.Register("/dev/test-kernel-policy", PingPongContract.Info).Remove();
            ExOwner account = ExchangeHeap.Current.CreateOwner("kernel service with its own account");
            var peer = Peer.Start(() =>
            {
                Thread.Current.ChannelOwner = account;
                NameService.Register("/services/test-own-account", PipeContract.Info).Remove();
            });
            peer.Join();
            ExchangeHeap.Current.Reclaim(account);
        }
    }
}
