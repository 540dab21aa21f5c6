// The one namespace's directory (docs/multikernel.md, "One namespace"), kept by the coordinator: which kernel runs the
// service at each path, and its contract. Services register through their own kernel (which checks its manifests'
// policy first); a client's kernel resolves a path here and binds locally when the service is on its own kernel (no
// link is touched after the lookup), or across the link to the service's kernel. A kernel removes only its own
// entries; when a kernel dies, Purge takes all of them. Pure: the coordinator's kernel and the host tests run it as is.
using System;
using System.Collections.Generic;

namespace Helios.Satellite.Namespace
{
    public sealed class ServiceDirectory
    {
        private readonly Dictionary<string, DirectoryEntry> _paths = new Dictionary<string, DirectoryEntry>();

        /// <summary>Entries in the directory.</summary>
        public int Count => _paths.Count;

        /// <summary>Records that kernel runs the service at path speaking contract; null, or why not.</summary>
        public string Register(string path, int kernel, ulong contract)
        {
            string problem = NamespacePath.Check(path);
            if (problem is not null) return "bad path \"" + path + "\": " + problem;
            if (kernel < 0) return "no kernel " + kernel.ToString();
            if (_paths.ContainsKey(path)) return path + " is already registered";
            _paths.Add(path, new DirectoryEntry(path, kernel, contract));
            return null;
        }

        /// <summary>The service at path, if one is registered.</summary>
        public bool TryResolve(string path, out DirectoryEntry entry) => _paths.TryGetValue(path ?? "", out entry);

        /// <summary>
        /// Whether a client on kernel binds to entry's service without a link: both are on the same kernel, so the
        /// channel is an ordinary local one.
        /// </summary>
        public static bool IsLocalBind(in DirectoryEntry entry, int kernel) => entry.Kernel == kernel;

        /// <summary>Takes path out when kernel registered it; false when it did not (or nothing is there).</summary>
        public bool Remove(string path, int kernel)
        {
            if (path is null || !_paths.TryGetValue(path, out DirectoryEntry entry) || entry.Kernel != kernel) return false;
            _paths.Remove(path);
            return true;
        }

        /// <summary>Takes out everything kernel registered (it died); returns how many entries went.</summary>
        public int Purge(int kernel)
        {
            var gone = new List<string>();
            foreach (KeyValuePair<string, DirectoryEntry> pair in _paths)
                if (pair.Value.Kernel == kernel) gone.Add(pair.Key);
            foreach (string path in gone) _paths.Remove(path);
            return gone.Count;
        }

        /// <summary>The entries at or under prefix ("/" for all), in ordinal order of their paths.</summary>
        public DirectoryEntry[] List(string prefix)
        {
            if (prefix is null) throw new ArgumentNullException(nameof(prefix));
            var found = new List<DirectoryEntry>();
            foreach (KeyValuePair<string, DirectoryEntry> pair in _paths)
                if (NamespacePath.IsUnder(pair.Key, prefix)) found.Add(pair.Value);
            found.Sort((a, b) => string.CompareOrdinal(a.Path, b.Path));
            return found.ToArray();
        }
    }
}
