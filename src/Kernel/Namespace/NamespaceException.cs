// A namespace request that cannot be granted: a bad path, a path already taken or not there, a contract that does
// not match, or a registration the policy refuses.
using System;

namespace Helios.Kernel.Namespace
{
    public sealed class NamespaceException : Exception
    {
        public NamespaceException(string message) : base(message) { }
    }
}
