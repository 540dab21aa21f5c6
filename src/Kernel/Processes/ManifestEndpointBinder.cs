// A manifest's <endpoint path="..."> is a channel the process starts with (docs/manifests.md): the kernel binds it
// through the namespace the first time the process asks for that slot (StartupEndpoints.Get), on the process's thread
// and as its owner, exactly as the process would bind it itself. Binding at the first ask rather than at launch lets
// a process that never uses a slot leave the service alone, and gives the service until then to register; a slot the
// launcher filled (Process.GiveEndpoint) is the launcher's. The process keeps the importer end; the service accepts
// the exporter end like any client's. Refusals (nothing registered, another contract at the path) are the process's
// errors, thrown by StartupEndpoints.Get with the slot and the manifest's words in the message.
using Helios.Channels;
using Helios.Kernel.Manifests;
using Helios.Kernel.Namespace;

namespace Helios.Kernel.Processes
{
    internal static class ManifestEndpointBinder
    {
        /// <summary>The importer end bound for the manifest's endpoint id, or 0 when the manifest gives that slot no path.</summary>
        public static ulong Bind(Process process, int id)
        {
            ManifestEndpoint declared = Declared(process.Manifest, id);
            if (declared is null) return 0;
            string slot = "endpoint " + id.ToString() + " of " + process.Name + "'s manifest";
            string name = declared.ContractName;
            ContractInfo contract = ContractInfo.Find(WireHash.ContractId(name.Substring(name.LastIndexOf('.') + 1)));   // a qualified name's last part
            if (contract is null)
                throw new NamespaceException(slot + " speaks " + declared.ContractName + ", which this process has not declared yet: "
                    + "ask with StartupEndpoints.Get(" + id.ToString() + ", " + declared.ContractName + ".Info)");
            Channel.Create(contract, out ulong importer, out ulong exporter);
            try
            {
                NameService.Bind(declared.Path, contract, exporter);
            }
            catch (NamespaceException refused)
            {
                Channel.Close(importer, contract, ContractInfo.Importer);
                throw new NamespaceException(slot + " (" + declared.Path + "): " + refused.Message, refused.NothingRegistered);
            }
            return importer;
        }

        private static ManifestEndpoint Declared(ApplicationManifest manifest, int id)
        {
            if (manifest is null) return null;
            foreach (ManifestEndpoint endpoint in manifest.Endpoints)
                if (endpoint.Id == id && endpoint.Kind == EndpointKind.Endpoint && endpoint.Path is not null) return endpoint;
            return null;
        }
    }
}
