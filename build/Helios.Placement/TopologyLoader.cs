// Reads a topology file: the kernels of a machine (id, platform, load) and the services already running on them,
// for `helios placement`. Never throws for bad input: every problem comes back as file:line:column diagnostics.
//
//   <topology name="mail">                                    name: optional; launcher: the kernel launches start on
//     <kernel id="k0" platform="x86_64" load="60" />          load: percent, 0 to 100, default 0
//     <service path="/services/tcp" contractName="TcpContract" kernel="k0" provider="tcpstack" />
//   </topology>
using System.Xml;
using System.Xml.Linq;
using Helios.Kernel.Manifests;
using Helios.Satellite.Placement;

namespace Helios.Placement;

public static class TopologyLoader
{
    public const int MaxBytes = 1 << 20;

    public sealed record Result(Topology? Topology, IReadOnlyList<TopologyDiagnostic> Diagnostics);

    public static Result LoadFile(string path)
    {
        if (Directory.Exists(path)) return Fail(path, "is a directory: expected a topology file");
        byte[] bytes;
        try
        {
            Task<byte[]> read = Task.Run(() => ReadBounded(path));
            if (!read.Wait(TimeSpan.FromSeconds(10))) return Fail(path, "could not be read within 10 seconds (a pipe nobody writes to?)");
            bytes = read.Result;
        }
        catch (AggregateException e) when (e.InnerException is FileNotFoundException or DirectoryNotFoundException)
        {
            return Fail(path, "no such file");
        }
        catch (AggregateException e) when (e.InnerException is IOException or UnauthorizedAccessException)
        {
            return Fail(path, "cannot be read: " + e.InnerException!.Message);
        }
        if (bytes.Length > MaxBytes) return Fail(path, $"is larger than {MaxBytes >> 20} MiB: a topology is a small XML file");
        return LoadBytes(bytes, path);
    }

    public static Result LoadText(string text, string file) => Load(() => XmlReader.Create(new StringReader(text), Settings()), file);

    public static Result LoadBytes(byte[] bytes, string file) => Load(() => XmlReader.Create(new MemoryStream(bytes, writable: false), Settings()), file);

    private static byte[] ReadBounded(string path)
    {
        using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite, 1, FileOptions.SequentialScan);
        var buffer = new byte[MaxBytes + 1];
        int total = 0, read;
        while (total < buffer.Length && (read = stream.Read(buffer, total, buffer.Length - total)) > 0) total += read;
        return buffer[..total];
    }

    private static XmlReaderSettings Settings() => new()
    {
        DtdProcessing = DtdProcessing.Prohibit,
        XmlResolver = null,
        MaxCharactersInDocument = MaxBytes,
        MaxCharactersFromEntities = 0,
        CloseInput = true,
    };

    private static Result Load(Func<XmlReader> open, string file)
    {
        XDocument document;
        try
        {
            using XmlReader reader = open();
            document = XDocument.Load(reader, LoadOptions.SetLineInfo);
        }
        catch (XmlException e)
        {
            return new Result(null, [new TopologyDiagnostic(file, Math.Max(e.LineNumber, 1), Math.Max(e.LinePosition, 1), "not well-formed XML: " + e.Message)]);
        }
        var reading = new Reading(file);
        Topology? topology = reading.Map(document);
        return reading.Diagnostics.Count == 0 ? new Result(topology, []) : new Result(null, reading.Diagnostics.OrderBy(d => d.Line).ThenBy(d => d.Column).ToList());
    }

    private static Result Fail(string file, string message) => new(null, [new TopologyDiagnostic(file, 0, 0, message)]);

    /// <summary>One file's walk: the diagnostics it found and the view it built.</summary>
    private sealed class Reading(string file)
    {
        public List<TopologyDiagnostic> Diagnostics { get; } = [];

        public Topology? Map(XDocument document)
        {
            XElement root = document.Root!;
            if (root.Name != "topology")
            {
                Error(root, $"the root element is <{root.Name}>: expected <topology>");
                return null;
            }
            Dictionary<string, XAttribute> attributes = Attributes(root, ["name", "launcher"], []);
            string name = attributes.TryGetValue("name", out XAttribute? nameAttribute) ? nameAttribute.Value : Path.GetFileNameWithoutExtension(file);
            CheckText(root);

            var view = new SystemView();
            var kernels = new Dictionary<string, XElement>(StringComparer.Ordinal);
            var services = new List<(XAttribute Kernel, RunningService Service)>();
            foreach (XElement child in root.Elements())
            {
                if (child.Name == "kernel") MapKernel(child, view, kernels);
                else if (child.Name == "service") MapService(child, services);
                else Error(child, $"unknown element <{child.Name}> in <topology>: expected <kernel> or <service>");
            }
            if (kernels.Count == 0) Error(root, "the topology has no <kernel>: expected at least one, e.g. <kernel id=\"k0\" platform=\"x86_64\" />");
            if (view.Kernels.Count > SystemView.MaxKernels) Error(root, $"{view.Kernels.Count} kernels: expected at most {SystemView.MaxKernels}");
            if (services.Count > SystemView.MaxServices) Error(root, $"{services.Count} services: expected at most {SystemView.MaxServices}");
            foreach ((XAttribute kernel, RunningService service) in services)
            {
                if (kernels.ContainsKey(kernel.Value)) view.Services.Add(service);
                else Error(kernel, $"<service> kernel=\"{kernel.Value}\" names no <kernel> of this topology: expected one of {Known(kernels)}");
            }
            if (attributes.TryGetValue("launcher", out XAttribute? launcher))
            {
                if (kernels.ContainsKey(launcher.Value)) view.LauncherKernelId = launcher.Value;
                else Error(launcher, $"<topology> launcher=\"{launcher.Value}\" names no <kernel> of this topology: expected one of {Known(kernels)}");
            }
            else if (view.Kernels.Count > 0)
            {
                view.LauncherKernelId = view.Kernels[0].Id;
            }
            if (Diagnostics.Count > 0) return null;
            string? problem = view.Validate();
            if (problem is not null) Error(root, problem);
            return Diagnostics.Count == 0 ? new Topology(name, file, view) : null;
        }

        private void MapKernel(XElement element, SystemView view, Dictionary<string, XElement> kernels)
        {
            Dictionary<string, XAttribute> attributes = Attributes(element, ["id", "platform", "load"], ["id", "platform"]);
            CheckText(element);
            string? id = Checked(attributes, "id", element, SystemView.CheckKernelId);
            string? platform = Checked(attributes, "platform", element, ManifestRules.CheckPlatformName);
            int load = 0;
            bool loadOk = true;
            if (attributes.TryGetValue("load", out XAttribute? loadAttribute))
            {
                string text = loadAttribute.Value.Trim();
                if (text.EndsWith('%')) text = text[..^1];
                loadOk = int.TryParse(text, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out load)
                         && SystemView.CheckLoad(load) is null;
                if (!loadOk) Error(loadAttribute, $"<kernel> load=\"{loadAttribute.Value}\" is not a load: expected {SystemView.CheckLoad(-1)}, e.g. load=\"35\"");
            }
            if (id is null) return;
            if (kernels.TryGetValue(id, out XElement? first))
            {
                Error(attributes["id"], $"kernel \"{id}\" is declared twice: expected each id once (the first is on line {Line(first)})");
                return;
            }
            kernels[id] = element;
            if (platform is not null && loadOk) view.Kernels.Add(new KernelView(id, platform, load));
        }

        private void MapService(XElement element, List<(XAttribute Kernel, RunningService Service)> services)
        {
            Dictionary<string, XAttribute> attributes = Attributes(element, ["path", "contractName", "kernel", "provider"], ["path", "contractName", "kernel"]);
            CheckText(element);
            string? path = Checked(attributes, "path", element, ManifestRules.CheckPath);
            string? contract = Checked(attributes, "contractName", element, ManifestRules.CheckContractName);
            string? kernel = Checked(attributes, "kernel", element, SystemView.CheckKernelId);
            string? provider = attributes.ContainsKey("provider") ? Checked(attributes, "provider", element, ManifestRules.CheckName) : null;
            if (path is null || contract is null || kernel is null || (attributes.ContainsKey("provider") && provider is null)) return;
            services.Add((attributes["kernel"], new RunningService(path, contract, kernel, provider)));
        }

        /// <summary>The element's attributes by name; unknown ones and missing required ones are reported.</summary>
        private Dictionary<string, XAttribute> Attributes(XElement element, string[] known, string[] required)
        {
            var found = new Dictionary<string, XAttribute>(StringComparer.Ordinal);
            foreach (XAttribute attribute in element.Attributes())
            {
                if (attribute.IsNamespaceDeclaration) continue;
                if (Array.IndexOf(known, attribute.Name.ToString()) >= 0) found[attribute.Name.ToString()] = attribute;
                else Error(attribute, $"unknown attribute {attribute.Name} on <{element.Name}>: expected {string.Join(", ", known)}");
            }
            foreach (string name in required)
                if (!found.ContainsKey(name)) Error(element, $"<{element.Name}> has no {name} attribute: expected {Example(name)}");
            return found;
        }

        private string? Checked(Dictionary<string, XAttribute> attributes, string name, XElement element, Func<string, string?> check)
        {
            if (!attributes.TryGetValue(name, out XAttribute? attribute)) return null;
            string? problem = check(attribute.Value);
            if (problem is null) return attribute.Value;
            Error(attribute, $"<{element.Name}> {name}=\"{attribute.Value}\" is not valid: expected {problem}");
            return null;
        }

        private void CheckText(XElement element)
        {
            foreach (XText text in element.Nodes().OfType<XText>())
                if (!string.IsNullOrWhiteSpace(text.Value)) Error(text, $"text in <{element.Name}>: expected only elements and attributes");
        }

        private static string Example(string attribute) => attribute switch
        {
            "id" => "the kernel's id, e.g. id=\"k1\"",
            "platform" => "the platform it advertises, e.g. platform=\"x86_64\" or platform=\"arm64-device\"",
            "path" => "where the service is registered, e.g. path=\"/services/tcp\"",
            "contractName" => "the contract it speaks, e.g. contractName=\"TcpContract\"",
            "kernel" => "the id of the kernel it runs on, e.g. kernel=\"k0\"",
            _ => attribute,
        };

        private static string Known(Dictionary<string, XElement> kernels) => kernels.Count == 0 ? "(none declared)" : string.Join(", ", kernels.Keys);

        private static int Line(XObject where) => ((IXmlLineInfo)where).LineNumber;

        private void Error(XObject where, string message)
        {
            var at = (IXmlLineInfo)where;
            Diagnostics.Add(new TopologyDiagnostic(file, Math.Max(at.LineNumber, 1), Math.Max(at.LinePosition, 1), message));
        }
    }
}
