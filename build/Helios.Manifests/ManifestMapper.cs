// Walks a manifest's XML tree, checks every rule that needs no other file (structure, types, ranges, duplicates,
// required attributes) with a message that says what is wrong and what was expected, and builds the model.
// Contract names are checked against a catalog when there is one.
using System.Xml.Linq;
using Helios.Kernel.Manifests;
using Helios.Manifests.Contracts;

namespace Helios.Manifests;

internal sealed partial class ManifestMapper
{
    private static readonly XNamespace Xsi = "http://www.w3.org/2001/XMLSchema-instance";
    private static readonly XNamespace XmlNs = XNamespace.Xml;

    private static readonly string[] ApplicationChildren = ["process", "platforms", "endpoints", "arguments", "hardware"];
    private static readonly string[] EndpointElements = ["inputPipe", "outputPipe", "endpoint", "serviceProvider"];

    /// <summary>Where each element of the format belongs, to explain a misplaced one.</summary>
    private static readonly Dictionary<string, string> Parents = new()
    {
        ["process"] = "application", ["platforms"] = "application", ["endpoints"] = "application", ["arguments"] = "application",
        ["platform"] = "platforms", ["inputPipe"] = "endpoints", ["outputPipe"] = "endpoints", ["endpoint"] = "endpoints",
        ["serviceProvider"] = "endpoints", ["argument"] = "arguments",
        ["hardware"] = "application", ["pciDevice"] = "hardware", ["registers"] = "pciDevice", ["interrupt"] = "pciDevice",
    };

    private readonly string _file;
    private readonly IContractCatalog? _contracts;

    public ManifestMapper(string file, IContractCatalog? contracts)
    {
        _file = file;
        _contracts = contracts;
    }

    public List<ManifestDiagnostic> Diagnostics { get; } = [];

    /// <summary>Lines a diagnostic was reported for, including where a reported text node starts (the schema reports
    /// text there, before its leading whitespace).</summary>
    public HashSet<int> CoveredLines { get; } = [];

    public ApplicationManifest? Map(XDocument document)
    {
        XElement? root = document.Root;
        if (root is null)
        {
            Diagnostics.Add(new ManifestDiagnostic(_file, 1, 1, ManifestErrorCode.Missing, "the file has no XML element: expected an <application> element"));
            return null;
        }
        if (root.Name.Namespace != XNamespace.None)
        {
            Error(root, ManifestErrorCode.UnknownElement, $"<{Display(root)}> is in the XML namespace '{Show(root.Name.NamespaceName)}': Helios manifests use no namespace (remove the xmlns declaration)");
            return null;
        }
        if (root.Name.LocalName != "application")
        {
            Error(root, ManifestErrorCode.UnknownElement, $"the root element is <{Show(root.Name.LocalName)}>: expected <application>");
            return null;
        }

        Dictionary<string, XAttribute> attributes = Attributes(root, isRoot: true, "name", "runtime");
        string name = "_";
        if (!attributes.TryGetValue("name", out XAttribute? nameAttribute))
            Error(root, ManifestErrorCode.Missing, "<application> has no name attribute: expected the application's name, e.g. name=\"TcpTest\"");
        else if (CheckName(nameAttribute, "<application>", ManifestRules.CheckName(nameAttribute.Value)))
            name = nameAttribute.Value;
        var manifest = new ApplicationManifest(name);
        if (attributes.TryGetValue("runtime", out XAttribute? runtime) && runtime.Value != "Full")
            Error(runtime, ManifestErrorCode.BadValue, $"<application> runtime=\"{Show(runtime.Value)}\" is not a runtime Helios has: expected Full (the default)");

        var seen = new Dictionary<string, XElement>();
        foreach (XElement child in ChildElements(root, "the elements <process>, <platforms>, <endpoints>, <arguments> and <hardware>"))
        {
            string? known = Known(child, root, ApplicationChildren);
            if (known is null) continue;
            if (seen.TryGetValue(known, out XElement? first))
            {
                Error(child, ManifestErrorCode.Duplicate, $"a second <{known}> in <application>: expected at most one (the first is on line {Line(first)})");
                continue;
            }
            seen[known] = child;
            switch (known)
            {
                case "process": MapProcess(child, manifest); break;
                case "platforms": MapPlatforms(child, manifest); break;
                case "endpoints": MapEndpoints(child, manifest); break;
                case "arguments": MapArguments(child, manifest); break;
                case "hardware": MapHardware(child, manifest); break;
            }
        }
        return manifest;
    }

    private void MapProcess(XElement process, ApplicationManifest manifest)
    {
        Dictionary<string, XAttribute> attributes = Attributes(process, isRoot: false, "image", "heapLimit", "stackSize");
        CheckEmpty(process);
        if (attributes.TryGetValue("image", out XAttribute? image) && CheckName(image, "<process>", ManifestRules.CheckName(image.Value)))
            manifest.Image = image.Value;
        if (attributes.TryGetValue("heapLimit", out XAttribute? heap) && TrySize(heap, ManifestRules.CheckHeapLimit, out ulong heapLimit))
            manifest.HeapLimit = heapLimit;
        if (attributes.TryGetValue("stackSize", out XAttribute? stack) && TrySize(stack, ManifestRules.CheckStackSize, out ulong stackSize))
            manifest.StackSize = stackSize;
    }

    private void MapPlatforms(XElement platforms, ApplicationManifest manifest)
    {
        Attributes(platforms, isRoot: false);
        var names = new Dictionary<string, XElement>(StringComparer.Ordinal);
        int count = 0;
        foreach (XElement platform in ChildElements(platforms, "<platform> elements"))
        {
            if (Known(platform, platforms, ["platform"]) is null) continue;
            if (++count == ManifestLimits.MaxPlatforms + 1)
                Error(platform, ManifestErrorCode.TooMany, $"more than {ManifestLimits.MaxPlatforms} platforms: expected at most {ManifestLimits.MaxPlatforms}");
            Dictionary<string, XAttribute> attributes = Attributes(platform, isRoot: false, "name", "affinity");
            CheckEmpty(platform);
            string? name = null;
            if (!attributes.TryGetValue("name", out XAttribute? nameAttribute))
                Error(platform, ManifestErrorCode.Missing, "<platform> has no name attribute: expected the platform's name, e.g. name=\"arm64-device\"");
            else if (CheckName(nameAttribute, "<platform>", ManifestRules.CheckPlatformName(nameAttribute.Value)))
                name = nameAttribute.Value;
            int affinity = 0;
            bool hasAffinity = false;
            if (!attributes.TryGetValue("affinity", out XAttribute? affinityAttribute))
                Error(platform, ManifestErrorCode.Missing, "<platform> has no affinity attribute: expected how much the process prefers this platform, from 1 to 100 (e.g. affinity=\"5\")");
            else
                hasAffinity = TryInt(affinityAttribute, ManifestRules.CheckPlatformAffinity, out affinity);
            if (name is null) continue;
            if (names.TryGetValue(name, out XElement? first))
            {
                Error(nameAttribute!, ManifestErrorCode.Duplicate, $"platform \"{name}\" is listed twice: expected each platform once (the first is on line {Line(first)})");
                continue;
            }
            names[name] = platform;
            if (hasAffinity) manifest.Platforms.Add(new PlatformPreference(name, affinity));
        }
    }

    private void MapEndpoints(XElement endpoints, ApplicationManifest manifest)
    {
        Attributes(endpoints, isRoot: false);
        var ids = new Dictionary<int, XElement>();
        var pipes = new Dictionary<EndpointKind, XElement>();
        var paths = new Dictionary<string, XElement>(StringComparer.Ordinal);
        var bound = new List<XAttribute>();
        int count = 0;
        foreach (XElement element in ChildElements(endpoints, "the elements <inputPipe>, <outputPipe>, <endpoint> and <serviceProvider>"))
        {
            string? known = Known(element, endpoints, EndpointElements);
            if (known is null || !EndpointKinds.TryParse(known, out EndpointKind kind)) continue;
            if (++count == ManifestLimits.MaxEndpoints + 1)
                Error(element, ManifestErrorCode.TooMany, $"more than {ManifestLimits.MaxEndpoints} endpoints: expected at most {ManifestLimits.MaxEndpoints}");
            string tag = $"<{known}>";
            Dictionary<string, XAttribute> attributes = Attributes(element, isRoot: false, "id", "affinity", "contractName", "path");
            CheckEmpty(element);
            bool ok = true;

            int id = -1;
            if (!attributes.TryGetValue("id", out XAttribute? idAttribute))
            {
                Error(element, ManifestErrorCode.Missing, $"{tag} has no id attribute: expected its slot in the process's endpoint table, from 0 to {ManifestLimits.MaxEndpointId} (e.g. id=\"2\")");
                ok = false;
            }
            else if (!TryInt(idAttribute, ManifestRules.CheckEndpointId, out id))
            {
                ok = false;
            }
            else if (ids.TryGetValue(id, out XElement? first))
            {
                Error(idAttribute, ManifestErrorCode.Duplicate, $"{tag} id=\"{Show(idAttribute.Value)}\" is already used by the <{first.Name.LocalName}> on line {Line(first)}: expected each endpoint to have its own id");
                ok = false;
            }
            else
            {
                ids[id] = element;
            }

            int affinity = 0;
            if (attributes.TryGetValue("affinity", out XAttribute? affinityAttribute) && !TryInt(affinityAttribute, ManifestRules.CheckAffinity, out affinity))
                ok = false;

            string contract = "";
            if (!attributes.TryGetValue("contractName", out XAttribute? contractAttribute))
            {
                Error(element, ManifestErrorCode.Missing, $"{tag} has no contractName attribute: expected the contract spoken on the channel, e.g. contractName=\"PipeContract\"");
                ok = false;
            }
            else if (!CheckName(contractAttribute, tag, ManifestRules.CheckContractName(contractAttribute.Value)))
            {
                ok = false;
            }
            else if (_contracts is not null && !_contracts.Contains(contractAttribute.Value))
            {
                Error(contractAttribute, ManifestErrorCode.UnknownContract, $"{tag} contractName=\"{contractAttribute.Value}\" names a contract that does not exist: expected one declared in {_contracts.Source}");
                ok = false;
            }
            else
            {
                contract = contractAttribute.Value;
            }

            string? path = null;
            if (attributes.TryGetValue("path", out XAttribute? pathAttribute))
            {
                if (!EndpointKinds.HasPath(kind))
                {
                    Error(pathAttribute, ManifestErrorCode.BadValue, $"{tag} has a path: a pipe is connected by whoever starts the process; only <endpoint> and <serviceProvider> name a path");
                    ok = false;
                }
                else if (!CheckName(pathAttribute, tag, ManifestRules.CheckPath(pathAttribute.Value)))
                {
                    ok = false;
                }
                else
                {
                    path = pathAttribute.Value;
                }
            }
            else if (kind == EndpointKind.ServiceProvider)
            {
                path = ManifestRules.DefaultServicePath(manifest.Name);
            }

            if (kind is EndpointKind.InputPipe or EndpointKind.OutputPipe)
            {
                if (pipes.TryGetValue(kind, out XElement? first))
                {
                    Error(element, ManifestErrorCode.Duplicate, $"a second {tag}: a process has one standard {(kind == EndpointKind.InputPipe ? "input" : "output")} (the first is on line {Line(first)})");
                    ok = false;
                }
                else
                {
                    pipes[kind] = element;
                }
            }
            if (kind == EndpointKind.ServiceProvider && path is not null)
            {
                if (paths.TryGetValue(path, out XElement? first))
                {
                    Error(pathAttribute ?? (XObject)element, ManifestErrorCode.Duplicate, $"{tag} advertises {path}, which the <serviceProvider> on line {Line(first)} already does: expected a path of its own"
                                                             + (pathAttribute is null ? " (give it a path attribute; the default is /services/ plus the application's name)" : ""));
                    ok = false;
                }
                else
                {
                    paths[path] = element;
                }
            }
            if (kind == EndpointKind.Endpoint && path is not null && pathAttribute is not null) bound.Add(pathAttribute);
            if (ok) manifest.Endpoints.Add(new ManifestEndpoint(kind, id, affinity, contract, path));
        }

        // Self-reference is stated on the <serviceProvider> (ManifestRules.CheckSelfReference); it may come after the
        // <endpoint>, so this waits for every path.
        foreach (XAttribute pathAttribute in bound)
        {
            if (!paths.TryGetValue(pathAttribute.Value, out XElement? own)) continue;
            Error(pathAttribute, ManifestErrorCode.Rule, $"<endpoint> path=\"{pathAttribute.Value}\" is where this application advertises itself (the <serviceProvider> on line {Line(own)}): "
                                 + "an app's affinity with copies of itself is the self-reference affinity on that <serviceProvider>; bind to another service or remove this <endpoint>");
        }
    }

    private void MapArguments(XElement arguments, ApplicationManifest manifest)
    {
        Attributes(arguments, isRoot: false);
        int count = 0;
        foreach (XElement argument in ChildElements(arguments, "<argument> elements"))
        {
            if (Known(argument, arguments, ["argument"]) is null) continue;
            if (++count == ManifestLimits.MaxArguments + 1)
                Error(argument, ManifestErrorCode.TooMany, $"more than {ManifestLimits.MaxArguments} arguments: expected at most {ManifestLimits.MaxArguments}");
            Attributes(argument, isRoot: false);
            bool textOnly = true;
            foreach (XElement child in argument.Elements())
            {
                Error(child, ManifestErrorCode.UnknownElement, $"<argument> holds text only: found <{Display(child)}> (write < as &lt;)");
                textOnly = false;
            }
            if (!textOnly) continue;
            string value = string.Concat(argument.Nodes().OfType<XText>().Select(t => t.Value));
            string? problem = ManifestRules.CheckArgument(value);
            if (problem is not null) Error(argument, ManifestErrorCode.BadValue, $"<argument> is not a valid argument: expected {problem}");
            else manifest.Arguments.Add(value);
        }
    }

    // <hardware>: the PCI devices a driver declares and the BARs it may use as registers (docs/manifests.md).
    private void MapHardware(XElement hardware, ApplicationManifest manifest)
    {
        Attributes(hardware, isRoot: false);
        var declared = new Dictionary<(int, int), XElement>();
        int count = 0;
        foreach (XElement element in ChildElements(hardware, "<pciDevice> elements"))
        {
            if (Known(element, hardware, ["pciDevice"]) is null) continue;
            if (++count == ManifestLimits.MaxPciDevices + 1)
                Error(element, ManifestErrorCode.TooMany, $"more than {ManifestLimits.MaxPciDevices} PCI devices: expected at most {ManifestLimits.MaxPciDevices}");
            Dictionary<string, XAttribute> attributes = Attributes(element, isRoot: false, "vendor", "device");
            bool ok = TryPciId(element, attributes, "vendor", out int vendor);
            ok &= TryPciId(element, attributes, "device", out int device);
            byte bars = 0, vectors = 0;
            foreach (XElement registers in ChildElements(element, "<registers> and <interrupt> elements"))
            {
                if (Known(registers, element, ["registers", "interrupt"]) is null) continue;
                if (registers.Name.LocalName == "interrupt")
                {
                    ok &= MapInterrupt(registers, ref vectors);
                    continue;
                }
                Dictionary<string, XAttribute> barAttributes = Attributes(registers, isRoot: false, "bar");
                CheckEmpty(registers);
                if (!barAttributes.TryGetValue("bar", out XAttribute? bar))
                {
                    Error(registers, ManifestErrorCode.Missing, "<registers> has no bar attribute: expected the BAR the driver may use as registers, from 0 to 5 (e.g. bar=\"4\")");
                    ok = false;
                }
                else if (!TryInt(bar, index => index is >= 0 and <= 5 ? null : "a BAR from 0 to 5", out int index))
                {
                    ok = false;
                }
                else if ((bars & (1 << index)) != 0)
                {
                    Error(bar, ManifestErrorCode.Duplicate, $"<registers> bar=\"{index}\" is granted twice: expected each BAR once");
                    ok = false;
                }
                else
                {
                    bars |= (byte)(1 << index);
                }
            }
            if (!ok) continue;
            if (declared.TryGetValue((vendor, device), out XElement? first))
            {
                Error(element, ManifestErrorCode.Duplicate, $"PCI device {vendor:x4}:{device:x4} is declared twice: expected each device once (the first is on line {Line(first)})");
                continue;
            }
            declared[(vendor, device)] = element;
            manifest.PciDevices.Add(new ManifestPciDevice((ushort)vendor, (ushort)device, bars, vectors));
        }
    }

    // <interrupt vector="n"/>: MSI-X vector n of the device (an entry of its MSI-X table), 0 to 7, each once.
    private bool MapInterrupt(XElement interrupt, ref byte vectors)
    {
        Dictionary<string, XAttribute> attributes = Attributes(interrupt, isRoot: false, "vector");
        CheckEmpty(interrupt);
        if (!attributes.TryGetValue("vector", out XAttribute? vector))
        {
            Error(interrupt, ManifestErrorCode.Missing, "<interrupt> has no vector attribute: expected the device's MSI-X vector the driver may wait for, from 0 to 7 (e.g. vector=\"0\")");
            return false;
        }
        if (!TryInt(vector, index => index is >= 0 and <= 7 ? null : "an MSI-X vector from 0 to 7", out int index)) return false;
        if ((vectors & (1 << index)) != 0)
        {
            Error(vector, ManifestErrorCode.Duplicate, $"<interrupt> vector=\"{index}\" is granted twice: expected each vector once");
            return false;
        }
        vectors |= (byte)(1 << index);
        return true;
    }

    private bool TryPciId(XElement element, Dictionary<string, XAttribute> attributes, string name, out int id)
    {
        id = 0;
        if (!attributes.TryGetValue(name, out XAttribute? attribute))
        {
            Error(element, ManifestErrorCode.Missing, $"<pciDevice> has no {name} attribute: expected the PCI {name} id as 0x and 4 hex digits, e.g. {name}=\"{(name == "vendor" ? "0x1AF4" : "0x1042")}\"");
            return false;
        }
        string text = attribute.Value;
        string? problem = null;
        if (text.Length != 6 || text[0] != '0' || text[1] is not ('x' or 'X')
            || !int.TryParse(text.AsSpan(2), System.Globalization.NumberStyles.AllowHexSpecifier, System.Globalization.CultureInfo.InvariantCulture, out id))
            problem = "0x and 4 hex digits";
        else
            problem = ManifestRules.CheckPciId(id);
        if (problem is null) return true;
        Error(attribute, ManifestErrorCode.BadValue, $"<pciDevice> {name}=\"{Show(text)}\" is not a PCI {name} id: expected {problem}");
        return false;
    }
}
