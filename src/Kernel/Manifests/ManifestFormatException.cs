// A manifest blob that is not one ManifestBlobReader.Read can decode; the message says what is wrong and where.
#nullable enable
using System;

namespace Helios.Kernel.Manifests
{
    public sealed class ManifestFormatException : Exception
    {
        public ManifestFormatException(string message) : base(message) { }
    }
}
