// The positive and negative affinity sums of one manifest on every kernel (paper §3.7.3): each channel's affinity
// counts once for every running service it could bind to, on that service's kernel. An <endpoint> binds by path (and
// contract) or, without a path, to any service of its contract; a <serviceProvider>'s affinity is self-reference and
// counts for every running copy of the service it advertises; a pipe's counts for the launcher's kernel.
#nullable enable
using System.Collections.Generic;
using System.Text;
using Helios.Kernel.Manifests;

namespace Helios.Satellite.Placement
{
    public sealed class AffinityTally
    {
        private readonly Dictionary<string, int> _positive = new Dictionary<string, int>();
        private readonly Dictionary<string, int> _negative = new Dictionary<string, int>();
        private readonly Dictionary<string, StringBuilder> _positiveDetail = new Dictionary<string, StringBuilder>();
        private readonly Dictionary<string, StringBuilder> _negativeDetail = new Dictionary<string, StringBuilder>();

        private AffinityTally()
        {
        }

        /// <summary>Whether any channel has a positive affinity: Figure 3 runs the positive pass only then.</summary>
        public bool HasPositive { get; private set; }

        public bool HasNegative { get; private set; }

        public int Positive(string kernelId) => _positive.TryGetValue(kernelId, out int sum) ? sum : 0;

        public int Negative(string kernelId) => _negative.TryGetValue(kernelId, out int sum) ? sum : 0;

        /// <summary>The channels behind Positive(kernelId), e.g. "endpoint 1 /drivers/nic0 +1".</summary>
        public string PositiveDetail(string kernelId) => _positiveDetail.TryGetValue(kernelId, out StringBuilder? text) ? text.ToString() : "";

        public string NegativeDetail(string kernelId) => _negativeDetail.TryGetValue(kernelId, out StringBuilder? text) ? text.ToString() : "";

        /// <summary>The sums of a valid manifest over a valid view (PlacementPlanner checks both first).</summary>
        public static AffinityTally Count(ApplicationManifest manifest, SystemView view)
        {
            var tally = new AffinityTally();
            foreach (ManifestEndpoint channel in manifest.Endpoints)
            {
                if (channel.Affinity == 0) continue;
                if (channel.Affinity > 0) tally.HasPositive = true;
                else tally.HasNegative = true;
                string name = EndpointKinds.ElementName(channel.Kind) + " " + channel.Id.ToString();

                if (!EndpointKinds.HasPath(channel.Kind))
                {
                    // The other end of a standard pipe is whoever launched the process.
                    if (view.LauncherKernelId != null) tally.Add(view.LauncherKernelId, channel.Affinity, name + " (launcher)", 1);
                    continue;
                }

                // Count per kernel, so that three copies on one kernel read "x3" rather than three entries.
                var copies = new Dictionary<string, int>();
                var order = new List<string>();
                string target = channel.Kind == EndpointKind.ServiceProvider
                    ? ServiceProviderRules.PathOf(manifest, channel) + " (self)"
                    : channel.Path ?? channel.ContractName;
                foreach (RunningService service in view.Services)
                {
                    if (!Binds(manifest, channel, service)) continue;
                    if (copies.TryGetValue(service.KernelId, out int count)) copies[service.KernelId] = count + 1;
                    else
                    {
                        copies[service.KernelId] = 1;
                        order.Add(service.KernelId);
                    }
                }
                foreach (string kernelId in order)
                    tally.Add(kernelId, channel.Affinity, name + " " + target, copies[kernelId]);
            }
            return tally;
        }

        /// <summary>Whether the channel weighs against this running service.</summary>
        public static bool Binds(ApplicationManifest manifest, ManifestEndpoint channel, RunningService service)
        {
            if (channel.Kind == EndpointKind.ServiceProvider)
                return service.Path == ServiceProviderRules.PathOf(manifest, channel) && SameContract(channel.ContractName, service.ContractName);
            if (channel.Kind != EndpointKind.Endpoint) return false;
            if (channel.Path != null && channel.Path != service.Path) return false;
            if (!SameContract(channel.ContractName, service.ContractName)) return false;
            // A copy of this very app is weighed by its serviceProvider's (self-reference) affinity alone, never a
            // second time by an endpoint that binds by contract.
            return !IsOwnCopy(manifest, service);
        }

        /// <summary>A running service at a path this app advertises, with its contract: a copy of this app.</summary>
        public static bool IsOwnCopy(ApplicationManifest manifest, RunningService service)
        {
            foreach (ManifestEndpoint endpoint in manifest.Endpoints)
                if (endpoint.Kind == EndpointKind.ServiceProvider && service.Path == ServiceProviderRules.PathOf(manifest, endpoint)
                    && SameContract(endpoint.ContractName, service.ContractName))
                    return true;
            return false;
        }

        /// <summary>Manifests name a contract by its own name or qualified by its namespace; two qualified names must
        /// match exactly ("TcpContract" is "Helios.Contracts.TcpContract", "A.TcpContract" is not "B.TcpContract").</summary>
        public static bool SameContract(string a, string b)
        {
            if (a == b) return true;
            return Qualifies(a, b) || Qualifies(b, a);
        }

        private static bool Qualifies(string qualified, string simple)
        {
            if (simple.IndexOf('.') >= 0 || qualified.Length < simple.Length + 2) return false;
            int start = qualified.Length - simple.Length;
            return qualified[start - 1] == '.' && qualified.EndsWith(simple);
        }

        private void Add(string kernelId, int affinity, string what, int copies)
        {
            int amount = affinity * copies;
            Dictionary<string, int> sums = amount > 0 ? _positive : _negative;
            Dictionary<string, StringBuilder> details = amount > 0 ? _positiveDetail : _negativeDetail;
            sums[kernelId] = (sums.TryGetValue(kernelId, out int sum) ? sum : 0) + amount;
            if (!details.TryGetValue(kernelId, out StringBuilder? text))
            {
                text = new StringBuilder();
                details[kernelId] = text;
            }
            if (text.Length > 0) text.Append(", ");
            text.Append(what);
            if (copies > 1) text.Append(" x").Append(copies.ToString());
            text.Append(' ').Append(PassRecord.FormatValue(PlacementPass.Positive, amount));
        }
    }
}
