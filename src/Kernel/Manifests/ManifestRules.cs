// What a valid manifest is, in plain C# the kernel shares with the host: each value check returns null when the value
// is good and otherwise says what was expected; Validate checks a whole model (the blob reader runs it on every
// manifest it decodes, so the kernel never places a process from a manifest the host would have refused).
#nullable enable
using System.Collections.Generic;

namespace Helios.Kernel.Manifests
{
    public static class ManifestRules
    {
        public const string NameSyntax = "1 to 64 characters: a letter or '_', then letters, digits, '_', '.' or '-'";
        public const string PlatformSyntax = "1 to 64 characters: letters, digits, '_', '.' or '-', starting with a letter or digit";
        public const string ContractSyntax = "a contract's C# name: identifiers separated by '.', at most 256 characters (e.g. Helios.Contracts.TcpContract)";
        public const string PathSyntax = "a namespace path: '/' then names of letters, digits, '_', '.' or '-' separated by '/', at most 256 characters (e.g. /services/tcp)";

        public static string? CheckName(string value)
        {
            if (value is null || value.Length == 0 || value.Length > ManifestLimits.MaxNameLength) return NameSyntax;
            if (!IsLetter(value[0]) && value[0] != '_') return NameSyntax;
            for (int i = 1; i < value.Length; i++)
                if (!IsNameChar(value[i])) return NameSyntax;
            return null;
        }

        public static string? CheckPlatformName(string value)
        {
            if (value is null || value.Length == 0 || value.Length > ManifestLimits.MaxNameLength) return PlatformSyntax;
            if (!IsLetter(value[0]) && !IsDigit(value[0])) return PlatformSyntax;
            for (int i = 1; i < value.Length; i++)
                if (!IsNameChar(value[i])) return PlatformSyntax;
            return null;
        }

        public static string? CheckContractName(string value)
        {
            if (value is null || value.Length == 0 || value.Length > ManifestLimits.MaxContractNameLength) return ContractSyntax;
            bool identifierStart = true;
            foreach (char c in value)
            {
                if (c == '.')
                {
                    if (identifierStart) return ContractSyntax;
                    identifierStart = true;
                }
                else if (identifierStart ? (IsLetter(c) || c == '_') : (IsLetter(c) || IsDigit(c) || c == '_'))
                {
                    identifierStart = false;
                }
                else
                {
                    return ContractSyntax;
                }
            }
            return identifierStart ? ContractSyntax : null;
        }

        public static string? CheckPath(string value)
        {
            if (value is null || value.Length < 2 || value.Length > ManifestLimits.MaxPathLength || value[0] != '/') return PathSyntax;
            int segmentStart = 1;
            for (int i = 1; i <= value.Length; i++)
            {
                if (i < value.Length && value[i] != '/')
                {
                    if (!IsNameChar(value[i])) return PathSyntax;
                    continue;
                }
                int length = i - segmentStart;
                if (length == 0) return PathSyntax;
                if (value[segmentStart] == '.' && (length == 1 || (length == 2 && value[segmentStart + 1] == '.')))
                    return "a namespace path without '.' or '..' names";
                segmentStart = i + 1;
            }
            return null;
        }

        public static string? CheckAffinity(int value) =>
            value < ManifestLimits.MinAffinity || value > ManifestLimits.MaxAffinity
                ? "an integer from " + ManifestLimits.MinAffinity.ToString() + " to " + ManifestLimits.MaxAffinity.ToString()
                : null;

        public static string? CheckPlatformAffinity(int value) =>
            value < ManifestLimits.MinPlatformAffinity || value > ManifestLimits.MaxAffinity
                ? "an integer from " + ManifestLimits.MinPlatformAffinity.ToString() + " to " + ManifestLimits.MaxAffinity.ToString()
                  + " (a platform preference is positive; leave a platform out to not prefer it)"
                : null;

        public static string? CheckEndpointId(int value) =>
            value < 0 || value > ManifestLimits.MaxEndpointId
                ? "an integer from 0 to " + ManifestLimits.MaxEndpointId.ToString()
                : null;

        public static string? CheckHeapLimit(ulong bytes) =>
            bytes < ManifestLimits.MinHeapLimit || bytes > ManifestLimits.MaxHeapLimit
                ? "a size from " + ByteSize.Format(ManifestLimits.MinHeapLimit) + " to " + ByteSize.Format(ManifestLimits.MaxHeapLimit)
                : null;

        public static string? CheckStackSize(ulong bytes) =>
            bytes < ManifestLimits.MinStackSize || bytes > ManifestLimits.MaxStackSize
                ? "a size from " + ByteSize.Format(ManifestLimits.MinStackSize) + " to " + ByteSize.Format(ManifestLimits.MaxStackSize)
                : null;

        /// <summary>Arguments are free text, but bounded, representable in XML and UTF-8, and safe to print on a
        /// console: no control characters but tab, LF and CR (none of C0, DEL or C1, whose U+009B starts a terminal
        /// escape), no unpaired UTF-16 surrogate.</summary>
        public static string? CheckArgument(string value)
        {
            if (value is null) return "an argument";
            if (value.Length > ManifestLimits.MaxArgumentLength)
                return "at most " + ManifestLimits.MaxArgumentLength.ToString() + " characters";
            for (int i = 0; i < value.Length; i++)
            {
                char c = value[i];
                if ((c < ' ' && c != '\t' && c != '\n' && c != '\r') || c == '\uFFFE' || c == '\uFFFF')
                    return "text without control characters other than tab, line feed and carriage return (XML cannot carry them)";
                if (c >= '\u007F' && c <= '\u009F')
                    return "text without control characters other than tab, line feed and carriage return (U+007F to U+009F are terminal controls: U+009B starts an escape sequence)";
                if (c >= 0xD800 && c <= 0xDBFF && i + 1 < value.Length && value[i + 1] >= 0xDC00 && value[i + 1] <= 0xDFFF) i++;
                else if (c >= 0xD800 && c <= 0xDFFF) return "text without unpaired surrogates";
            }
            return null;
        }

        /// <summary>The first problem with a whole manifest, or null when it is valid.</summary>
        public static string? Validate(ApplicationManifest manifest)
        {
            if (manifest is null) return "no manifest";
            string? problem;
            if ((problem = CheckName(manifest.Name)) != null) return "application name: expected " + problem;
            if (manifest.Runtime != ManifestRuntime.Full) return "runtime " + ((int)manifest.Runtime).ToString() + " is not one Helios has: expected Full";
            if ((problem = CheckName(manifest.Image)) != null) return "process image: expected " + problem;
            if ((problem = CheckHeapLimit(manifest.HeapLimit)) != null) return "heap limit " + ByteSize.Format(manifest.HeapLimit) + ": expected " + problem;
            if ((problem = CheckStackSize(manifest.StackSize)) != null) return "stack size " + ByteSize.Format(manifest.StackSize) + ": expected " + problem;

            if (manifest.Platforms.Count > ManifestLimits.MaxPlatforms)
                return manifest.Platforms.Count.ToString() + " platforms: at most " + ManifestLimits.MaxPlatforms.ToString() + " are allowed";
            var platforms = new HashSet<string>();
            foreach (PlatformPreference platform in manifest.Platforms)
            {
                if ((problem = CheckPlatformName(platform.Name)) != null) return "platform name: expected " + problem;
                if ((problem = CheckPlatformAffinity(platform.Affinity)) != null) return "platform " + platform.Name + " affinity: expected " + problem;
                if (!platforms.Add(platform.Name)) return "platform " + platform.Name + " is listed twice";
            }

            if (manifest.Endpoints.Count > ManifestLimits.MaxEndpoints)
                return manifest.Endpoints.Count.ToString() + " endpoints: at most " + ManifestLimits.MaxEndpoints.ToString() + " are allowed";
            var ids = new HashSet<int>();
            var paths = new HashSet<string>();
            bool input = false, output = false;
            foreach (ManifestEndpoint endpoint in manifest.Endpoints)
            {
                if ((int)endpoint.Kind >= EndpointKinds.Count) return "endpoint kind " + ((int)endpoint.Kind).ToString() + " is not one Helios has";
                string what = EndpointKinds.ElementName(endpoint.Kind) + " " + endpoint.Id.ToString();
                if ((problem = CheckEndpointId(endpoint.Id)) != null) return EndpointKinds.ElementName(endpoint.Kind) + " id: expected " + problem;
                if (!ids.Add(endpoint.Id)) return what + ": id " + endpoint.Id.ToString() + " is used twice";
                if ((problem = CheckAffinity(endpoint.Affinity)) != null) return what + " affinity: expected " + problem;
                if ((problem = CheckContractName(endpoint.ContractName)) != null) return what + " contractName: expected " + problem;
                if (endpoint.Kind == EndpointKind.InputPipe)
                {
                    if (input) return "a process has one inputPipe; this manifest has two";
                    input = true;
                }
                if (endpoint.Kind == EndpointKind.OutputPipe)
                {
                    if (output) return "a process has one outputPipe; this manifest has two";
                    output = true;
                }
                if (!EndpointKinds.HasPath(endpoint.Kind))
                {
                    if (endpoint.Path != null) return what + ": a pipe has no path";
                }
                else if (endpoint.Path != null)
                {
                    if ((problem = CheckPath(endpoint.Path)) != null) return what + " path: expected " + problem;
                    if (endpoint.Kind == EndpointKind.ServiceProvider && !paths.Add(endpoint.Path))
                        return what + ": path " + endpoint.Path + " is advertised twice";
                }
                else if (endpoint.Kind == EndpointKind.ServiceProvider)
                {
                    return what + ": a serviceProvider needs the path it is advertised at";
                }
            }

            if ((problem = CheckSelfReference(manifest)) != null) return problem;

            if (manifest.Arguments.Count > ManifestLimits.MaxArguments)
                return manifest.Arguments.Count.ToString() + " arguments: at most " + ManifestLimits.MaxArguments.ToString() + " are allowed";
            for (int i = 0; i < manifest.Arguments.Count; i++)
                if ((problem = CheckArgument(manifest.Arguments[i])) != null) return "argument " + (i + 1).ToString() + ": expected " + problem;

            if (manifest.PciDevices.Count > ManifestLimits.MaxPciDevices)
                return manifest.PciDevices.Count.ToString() + " PCI devices: at most " + ManifestLimits.MaxPciDevices.ToString() + " are allowed";
            for (int i = 0; i < manifest.PciDevices.Count; i++)
            {
                ManifestPciDevice device = manifest.PciDevices[i];
                string what = "pciDevice " + device.VendorId.ToString("x4") + ":" + device.DeviceId.ToString("x4");
                if ((problem = CheckPciId(device.VendorId)) != null) return what + " vendor: expected " + problem;
                if ((problem = CheckPciId(device.DeviceId)) != null) return what + " device: expected " + problem;
                if (device.RegisterBars > 0x3F) return what + ": BARs are numbered 0 to 5";
                for (int j = 0; j < i; j++)
                    if (manifest.PciDevices[j].VendorId == device.VendorId && manifest.PciDevices[j].DeviceId == device.DeviceId)
                        return what + " is declared twice";
            }
            return null;
        }

        /// <summary>A PCI vendor or device id: 0x0000 and 0xFFFF name no device.</summary>
        public static string? CheckPciId(int id)
            => id > 0 && id < 0xFFFF ? null : "an id from 0x0001 to 0xFFFE (0x0000 and 0xFFFF name no device)";

        /// <summary>
        /// An &lt;endpoint&gt; may not bind to a path the application advertises itself: its affinity with other copies of
        /// itself is the self-reference affinity on that &lt;serviceProvider&gt; (paper §3.7.2), stated once, so that
        /// placement never counts it twice. Null when no endpoint does; otherwise which one and what to write instead.
        /// </summary>
        public static string? CheckSelfReference(ApplicationManifest manifest)
        {
            foreach (ManifestEndpoint endpoint in manifest.Endpoints)
            {
                if (endpoint.Kind != EndpointKind.Endpoint || endpoint.Path == null) continue;
                ManifestEndpoint? own = Advertiser(manifest, endpoint.Path);
                if (own != null) return SelfReferenceProblem(endpoint.Id, endpoint.Path, own.Id);
            }
            return null;
        }

        /// <summary>The &lt;serviceProvider&gt; that advertises path in this manifest, or null.</summary>
        public static ManifestEndpoint? Advertiser(ApplicationManifest manifest, string path)
        {
            foreach (ManifestEndpoint endpoint in manifest.Endpoints)
                if (endpoint.Kind == EndpointKind.ServiceProvider && (endpoint.Path ?? DefaultServicePath(manifest.Name)) == path) return endpoint;
            return null;
        }

        public static string SelfReferenceProblem(int endpointId, string path, int serviceProviderId) =>
            "endpoint " + endpointId.ToString() + " binds to " + path + ", which this application advertises itself (serviceProvider "
            + serviceProviderId.ToString() + "): put the affinity with copies of itself on that serviceProvider (self-reference affinity)";

        public static string DefaultServicePath(string applicationName) => ManifestLimits.DefaultServicePrefix + applicationName;

        /// <summary>
        /// The contract's own name in a manifest's contractName: the name itself, or the last identifier of one
        /// qualified by a namespace ("Helios.Contracts.TcpContract" names TcpContract). Contract files declare no
        /// namespace (a project gives it), so this is how every check resolves a contractName.
        /// </summary>
        public static string ContractOwnName(string contractName)
        {
            int dot = contractName.LastIndexOf('.');
            return dot < 0 ? contractName : contractName.Substring(dot + 1);
        }

        private static bool IsLetter(char c) => (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');

        private static bool IsDigit(char c) => c >= '0' && c <= '9';

        private static bool IsNameChar(char c) => IsLetter(c) || IsDigit(c) || c == '_' || c == '.' || c == '-';
    }
}
