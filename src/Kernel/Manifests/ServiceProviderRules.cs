// Who may advertise what in the namespace, from the manifest alone: an app may register a path only if its manifest
// declares a <serviceProvider> at exactly that path (its default path, /services/<application name>, when it gives
// none) speaking the same contract. The kernel's namespace policy (Helios.Kernel.Namespace.ManifestNamespacePolicy)
// asks this for every registration a process makes; it is pure, so the host tests run it too.
#nullable enable
using System.Text;

namespace Helios.Kernel.Manifests
{
    public static class ServiceProviderRules
    {
        /// <summary>
        /// Null when the manifest lets its app register path for the contract named contractName (a contract's own
        /// name, e.g. "PingPongContract"); otherwise why not, naming the app, the path and what the manifest declares.
        /// </summary>
        public static string? MayRegister(ApplicationManifest manifest, string path, string contractName)
        {
            ManifestEndpoint? atPath = null;
            foreach (ManifestEndpoint endpoint in manifest.Endpoints)
            {
                if (endpoint.Kind != EndpointKind.ServiceProvider || PathOf(manifest, endpoint) != path) continue;
                if (Names(endpoint.ContractName, contractName)) return null;
                atPath = endpoint;
            }
            var why = new StringBuilder("the manifest of app \"").Append(manifest.Name).Append("\" ");
            if (atPath is not null)
                return why.Append("declares the <serviceProvider> at ").Append(path).Append(" with contractName=\"")
                    .Append(atPath.ContractName).Append("\", not ").Append(contractName).ToString();
            why.Append("declares no <serviceProvider> with path=\"").Append(path).Append("\" (it declares ");
            int count = 0;
            foreach (ManifestEndpoint endpoint in manifest.Endpoints)
            {
                if (endpoint.Kind != EndpointKind.ServiceProvider) continue;
                if (count++ > 0) why.Append(", ");
                why.Append(PathOf(manifest, endpoint)).Append(" (").Append(endpoint.ContractName).Append(')');
            }
            if (count == 0) why.Append("none");
            return why.Append(")").ToString();
        }

        /// <summary>Where a serviceProvider advertises itself: its path, or the app's default service path.</summary>
        public static string PathOf(ApplicationManifest manifest, ManifestEndpoint endpoint)
            => endpoint.Path ?? ManifestRules.DefaultServicePath(manifest.Name);

        // A manifest names a contract by its own name or qualified by its namespace ("Helios.Contracts.PingPongContract");
        // a contract's own name has no '.', so a dotted contractName matches only exactly.
        private static bool Names(string declared, string contractName)
        {
            if (declared == contractName) return true;
            for (int i = 0; i < contractName.Length; i++)
                if (contractName[i] == '.') return false;
            return ManifestRules.ContractOwnName(declared) == contractName;
        }
    }
}
