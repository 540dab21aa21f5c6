// What an endpoint in a manifest is for. The values are part of the binary manifest format: never renumber them.
#nullable enable

namespace Helios.Kernel.Manifests
{
    public enum EndpointKind : byte
    {
        /// <summary>The process's standard input (&lt;inputPipe&gt;).</summary>
        InputPipe = 0,

        /// <summary>The process's standard output (&lt;outputPipe&gt;).</summary>
        OutputPipe = 1,

        /// <summary>A channel to a service found in the namespace by contract or path (&lt;endpoint&gt;).</summary>
        Endpoint = 2,

        /// <summary>A channel this process advertises in the namespace (&lt;serviceProvider&gt;); its affinity is the
        /// self-reference affinity between copies of this process.</summary>
        ServiceProvider = 3,
    }

    public static class EndpointKinds
    {
        public const int Count = 4;

        /// <summary>The manifest element that declares an endpoint of this kind.</summary>
        public static string ElementName(EndpointKind kind)
        {
            switch (kind)
            {
                case EndpointKind.InputPipe: return "inputPipe";
                case EndpointKind.OutputPipe: return "outputPipe";
                case EndpointKind.Endpoint: return "endpoint";
                case EndpointKind.ServiceProvider: return "serviceProvider";
                default: return "endpoint kind " + ((int)kind).ToString();
            }
        }

        /// <summary>The kind an element name declares; false for any other name.</summary>
        public static bool TryParse(string elementName, out EndpointKind kind)
        {
            for (int i = 0; i < Count; i++)
            {
                if (ElementName((EndpointKind)i) == elementName)
                {
                    kind = (EndpointKind)i;
                    return true;
                }
            }
            kind = EndpointKind.Endpoint;
            return false;
        }

        /// <summary>Only channels to or from services name a namespace path; pipes are connected by whoever starts the process.</summary>
        public static bool HasPath(EndpointKind kind) => kind == EndpointKind.Endpoint || kind == EndpointKind.ServiceProvider;
    }
}
