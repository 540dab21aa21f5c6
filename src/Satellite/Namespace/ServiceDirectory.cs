// The one namespace's directory (docs/multikernel.md, "One namespace"), kept by the coordinator: which kernels run the
// service at each path, and its contract. Services register through their own kernel (which checks its manifests'
// policy first); a client's kernel resolves a path here and binds locally when the service is on its own kernel (no
// link is touched after the lookup), or across the link to the service's kernel. A kernel removes only its own
// entries; when a kernel dies, Purge takes all of them. Pure: the coordinator's kernel and the host tests run it as is.
//
// Copies: several kernels may each register the same path speaking the same contract (a service started once per
// kernel, as the paper's self-referencing scanners are, docs/placement.md). Placement sees every copy; a client is
// given the copy on its own kernel when there is one, else the copy on the lowest-numbered kernel (the coordinator's
// first: every kernel has a link to it). One kernel registers a path once, and /kernels/<id> only kernel <id>.
using System;
using System.Collections.Generic;

namespace Helios.Satellite.Namespace
{
    public sealed class ServiceDirectory
    {
        // Each path's copies, in order of kernel number.
        private readonly Dictionary<string, List<DirectoryEntry>> _paths = new Dictionary<string, List<DirectoryEntry>>();

        /// <summary>Where kernels advertise themselves: each kernel registers /kernels/&lt;its number&gt; and nothing
        /// else under it, so no kernel can pose as another.</summary>
        public const string KernelsPrefix = "/kernels";

        /// <summary>Kernel's own path: "/kernels/0" for the coordinator.</summary>
        public static string KernelPath(int kernel) => KernelsPrefix + "/" + kernel.ToString();

        /// <summary>Entries in the directory (every copy of a path counts).</summary>
        public int Count { get; private set; }

        /// <summary>Records that kernel runs the service at path speaking contract; null, or why not.</summary>
        public string Register(string path, int kernel, ulong contract)
        {
            string problem = NamespacePath.Check(path);
            if (problem is not null) return "bad path \"" + path + "\": " + problem;
            if (kernel < 0) return "no kernel " + kernel.ToString();
            if (NamespacePath.IsUnder(path, KernelsPrefix) && path != KernelPath(kernel))
                return path + " is a kernel's own path: k" + kernel.ToString() + " registers only " + KernelPath(kernel) + " under " + KernelsPrefix;
            if (!_paths.TryGetValue(path, out List<DirectoryEntry> copies))
            {
                copies = new List<DirectoryEntry>(1);
                _paths.Add(path, copies);
            }
            int at = 0;
            foreach (DirectoryEntry copy in copies)
            {
                if (copy.Kernel == kernel) return path + " is already registered on k" + kernel.ToString();
                if (copy.Contract != contract) return path + " is registered for another contract (a copy on k" + copy.Kernel.ToString() + ")";
                if (copy.Kernel < kernel) at++;
            }
            copies.Insert(at, new DirectoryEntry(path, kernel, contract));
            Count++;
            return null;
        }

        /// <summary>The service at path for a client on any kernel: its copy on the lowest-numbered kernel.</summary>
        public bool TryResolve(string path, out DirectoryEntry entry) => TryResolve(path, -1, out entry);

        /// <summary>The service at path for a client on kernel: the copy there when there is one, else the copy on the
        /// lowest-numbered kernel.</summary>
        public bool TryResolve(string path, int kernel, out DirectoryEntry entry)
        {
            entry = default;
            if (path is null || !_paths.TryGetValue(path, out List<DirectoryEntry> copies) || copies.Count == 0) return false;
            entry = copies[0];
            foreach (DirectoryEntry copy in copies)
                if (copy.Kernel == kernel) entry = copy;
            return true;
        }

        /// <summary>
        /// Whether a client on kernel binds to entry's service without a link: both are on the same kernel, so the
        /// channel is an ordinary local one.
        /// </summary>
        public static bool IsLocalBind(in DirectoryEntry entry, int kernel) => entry.Kernel == kernel;

        /// <summary>Takes kernel's copy of path out; false when kernel has none there.</summary>
        public bool Remove(string path, int kernel)
        {
            if (path is null || !_paths.TryGetValue(path, out List<DirectoryEntry> copies)) return false;
            for (int i = 0; i < copies.Count; i++)
            {
                if (copies[i].Kernel != kernel) continue;
                copies.RemoveAt(i);
                if (copies.Count == 0) _paths.Remove(path);
                Count--;
                return true;
            }
            return false;
        }

        /// <summary>Takes out everything kernel registered (it died); returns how many entries went.</summary>
        public int Purge(int kernel)
        {
            var paths = new List<string>();
            foreach (KeyValuePair<string, List<DirectoryEntry>> pair in _paths)
                foreach (DirectoryEntry copy in pair.Value)
                    if (copy.Kernel == kernel) paths.Add(pair.Key);
            foreach (string path in paths) Remove(path, kernel);
            return paths.Count;
        }

        /// <summary>The entries at or under prefix ("/" for all), in ordinal order of their paths, a path's copies in
        /// order of kernel.</summary>
        public DirectoryEntry[] List(string prefix)
        {
            if (prefix is null) throw new ArgumentNullException(nameof(prefix));
            var paths = new List<string>();
            foreach (string path in _paths.Keys)
                if (NamespacePath.IsUnder(path, prefix)) paths.Add(path);
            paths.Sort(string.CompareOrdinal);
            var found = new List<DirectoryEntry>();
            foreach (string path in paths) found.AddRange(_paths[path]);
            return found.ToArray();
        }
    }
}
