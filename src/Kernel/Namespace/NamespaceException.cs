// A namespace request that cannot be granted: a bad path, a path already taken or not there, a contract that does
// not match, or a registration the policy refuses.
using System;

namespace Helios.Kernel.Namespace
{
    public sealed class NamespaceException : Exception
    {
        public NamespaceException(string message) : base(message) { }

        public NamespaceException(string message, bool nothingRegistered) : base(message)
        {
            NothingRegistered = nothingRegistered;
        }

        /// <summary>Nobody has registered the path (a process sees ServiceNotRegisteredException, and may wait).</summary>
        public bool NothingRegistered { get; }

        public static NamespaceException NothingAt(string path) => new NamespaceException("nothing is registered at " + path, true);
    }
}
