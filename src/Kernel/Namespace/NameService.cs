// The namespace: one per machine (docs/channels.md#the-namespace; across kernels, docs/multikernel.md, "One
// namespace"). A service registers a path with the contract it speaks; a client binds to the path by handing over the
// exporter end of a fresh channel of that contract, which moves to the service (Registration.Accept gives it the end),
// and keeps the importer end. List shows what is registered under a prefix.
//
// The coordinator keeps the directory (which kernel runs the service at each path: ServiceDirectory); every kernel
// keeps its own services' registrations (their accept queues) here. A satellite reaches the directory over its link
// (KernelControl). A bind to a service on the client's own kernel is a local channel, never touching a link after the
// lookup; a bind to another kernel's service moves the client's exporter end there over the link (Link.Export) and
// tells that kernel which path it is for. Who may register where is decided on the registering kernel (the policy:
// the manifests of its processes), with the same words on every kernel. A path goes away when its service removes it
// or its owner dies (found on the next lookup); a dead kernel's go all at once (Purge).
// Kernel threads call this directly; processes through their ABI (ProcessNamespaceAbi).
using System;
using System.Collections.Generic;
using Helios.Channels;
using Helios.Kernel.Multikernel;
using Helios.Satellite.Links;
using Helios.Satellite.Namespace;

namespace Helios.Kernel.Namespace
{
    public static class NameService
    {
        private static readonly object s_lock = new object();
        private static readonly Dictionary<string, Registration> s_local = new Dictionary<string, Registration>();
        private static readonly ServiceDirectory s_directory = new ServiceDirectory();     // the coordinator's
        private static INamespacePolicy s_policy = new ManifestNamespacePolicy();

        /// <summary>Who decides registrations: ManifestNamespacePolicy (manifests for processes, anything for the kernel).</summary>
        public static INamespacePolicy Policy
        {
            get => s_policy;
            set => s_policy = value ?? throw new ArgumentNullException(nameof(value));
        }

        // Whether the directory is elsewhere: a satellite linked to its coordinator.
        private static bool DirectoryIsRemote => KernelRole.IsSatellite && KernelControl.Reaches(0);

        /// <summary>Registers path for the calling owner's service speaking contract.</summary>
        public static Registration Register(string path, ContractInfo contract)
        {
            CheckPath(path);
            if (contract is null) throw new ArgumentNullException(nameof(contract));
            ExOwner owner = ExchangeHeap.Current.Host.CurrentOwner;
            string refused = s_policy.MayRegister(owner, path, contract.Name);
            if (refused is not null) throw new NamespaceException(owner.ToString() + " may not register " + path + ": " + refused);
            lock (s_lock) LocalLookup(path);                // a dead service's path here goes first, from the directory too
            // Binds that arrive from other kernels find it while the directory's answer is on its way back: the
            // directory names this kernel to clients as soon as it has the path, and a client's bind does not wait for
            // this kernel's answer (KernelControl.Bind), so it can be here first. Local clients see it only after.
            var registration = new Registration(path, contract, owner);
            bool early;
            lock (s_lock) early = s_registering.TryAdd(path, registration);
            try
            {
                if (DirectoryIsRemote)
                {
                    TellCoordinatorOfDeadPaths();
                    KernelControl.Register(path, contract.Id);
                }
                else RegisterFor(KernelRole.Id, path, contract.Id);
            }
            catch (Exception)
            {
                if (early)
                {
                    lock (s_lock) s_registering.Remove(path);
                    registration.IsRegistered = false;
                    registration.Drain();               // a bind that came meanwhile sees its channel closed
                }
                throw;
            }
            lock (s_lock)
            {
                if (early) s_registering.Remove(path);
                s_local[path] = registration;
            }
            return registration;
        }

        // Registrations of this kernel the directory is being told of (Register): only binds from other kernels see them.
        private static readonly Dictionary<string, Registration> s_registering = new Dictionary<string, Registration>();

        /// <summary>
        /// A satellite's own /kernels/&lt;id&gt;, before it is online: its registration here, which the coordinator enters in
        /// the directory itself when it links to the satellite (KernelNamespaceEntry), so that no one looks for it before.
        /// </summary>
        internal static Registration RegisterHere(string path, ContractInfo contract, ExOwner owner)
        {
            var registration = new Registration(path, contract, owner);
            lock (s_lock) s_local[path] = registration;
            return registration;
        }

        /// <summary>The coordinator: records in the directory that kernel runs the service at path (contract's id).</summary>
        internal static void RegisterFor(int kernel, string path, ulong contract)
        {
            string refused;
            lock (s_lock) refused = s_directory.Register(path, kernel, contract);
            if (refused is not null) throw new NamespaceException(refused);
        }

        /// <summary>The coordinator: kernel's service at path is gone.</summary>
        internal static void RemoveFor(int kernel, string path)
        {
            bool removed;
            lock (s_lock) removed = s_directory.Remove(path, kernel);
            if (!removed) throw new NamespaceException(path + " is not registered by k" + kernel.ToString());
        }

        /// <summary>The coordinator: everything kernel registered is gone (it died). Returns how many paths went.</summary>
        internal static int Purge(int kernel)
        {
            lock (s_lock) return s_directory.Purge(kernel);
        }

        /// <summary>The kernel running the service at path for a client here, and the contract it speaks: this
        /// kernel's own copy when it runs one (no link asked), else the directory's choice (ServiceDirectory).</summary>
        public static (int Kernel, ulong Contract) Resolve(string path)
        {
            CheckPath(path);
            lock (s_lock)
            {
                if (LocalLookup(path) is Registration here) return (KernelRole.Id, here.Contract.Id);
            }
            if (DirectoryIsRemote)
            {
                TellCoordinatorOfDeadPaths();       // a dead copy here is not the one to be given
                (int kernel, ulong contract) = KernelControl.Resolve(path);
                if (kernel == KernelRole.Id && !ServesHere(path)) throw NamespaceException.NothingAt(path);
                return (kernel, contract);
            }
            return ResolveFor(KernelRole.Id, path);
        }

        /// <summary>The coordinator: the copy of path's service a client on kernel is given.</summary>
        internal static (int Kernel, ulong Contract) ResolveFor(int kernel, string path)
        {
            CheckPath(path);
            lock (s_lock)
            {
                LocalLookup(path);                  // a dead service's copy here leaves the directory first
                if (s_directory.TryResolve(path, kernel, out DirectoryEntry entry)) return (entry.Kernel, entry.Contract);
            }
            throw NamespaceException.NothingAt(path);
        }

        /// <summary>
        /// Binds to the service at path: exporter (the exporter end of a new channel of the service's contract, held by
        /// the caller) moves to the service, which accepts it; the caller keeps the importer end. A service on another
        /// kernel gets it over the link between the two kernels, without waiting for that kernel's answer (a refusal
        /// there, the service gone since the directory was asked, closes the client's channel: KernelControl.Bind).
        /// </summary>
        public static void Bind(string path, ContractInfo contract, ulong exporter)
        {
            (int kernel, ulong speaks) = Resolve(path);
            if (speaks != contract.Id)
                throw new NamespaceException(path + " speaks " + (ContractInfo.Find(speaks)?.Name ?? "contract 0x" + speaks.ToString("X")) + ", not " + contract.Name);
            Channel.CheckEndpoint(exporter, contract, ContractInfo.Exporter);
            ExchangeHeap heap = ExchangeHeap.Current;
            if (ServiceDirectory.IsLocalBind(new DirectoryEntry(path, kernel, speaks), KernelRole.Id))
            {
                Registration registration;
                lock (s_lock) registration = LocalLookup(path);
                if (registration is null) throw NamespaceException.NothingAt(path);
                registration.Enqueue(heap.Transfer(exporter, heap.Host.CurrentOwner, registration.Owner));
                return;
            }
            Link link = KernelLinks.To(kernel);
            if (link is null)
                throw new NamespaceException(path + " is served on k" + kernel.ToString() + ", which " + KernelRole.Name + " has no link to (no such kernel on this machine)");
            uint channel = link.Export(exporter, heap.Host.CurrentOwner);
            KernelControl.Bind(kernel, path, channel);
        }

        /// <summary>
        /// A client on another kernel bound to path here: endpoint (the kernel's, moved here over the link) goes to the
        /// service. When no such service is here any more, the end is closed (the client sees its channel closed) and
        /// the refusal goes back to the client's kernel.
        /// </summary>
        internal static void BindArrived(string path, ContractInfo contract, ulong endpoint)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            Registration registration;
            lock (s_lock) registration = LocalLookup(path) ?? (s_registering.TryGetValue(path, out Registration early) ? early : null);
            if (registration is null || registration.Contract.Id != contract.Id)
            {
                heap.CloseEndpoint(endpoint, heap.KernelOwner);
                if (DirectoryIsRemote) TellCoordinatorOfDeadPaths();
                throw new NamespaceException(registration is null ? "nothing is registered at " + path : path + " speaks " + registration.Contract.Name + ", not " + contract.Name);
            }
            registration.Enqueue(heap.Transfer(endpoint, heap.KernelOwner, registration.Owner));
        }

        /// <summary>The registered paths at or under prefix ("/" for all), in ordinal order.</summary>
        public static string[] List(string prefix = "/")
        {
            List<(string Path, int Kernel)> all = ListWithKernels(prefix);
            var paths = new string[all.Count];
            for (int i = 0; i < paths.Length; i++) paths[i] = all[i].Path;
            return paths;
        }

        /// <summary>The registered paths at or under prefix with the kernel each runs on, in ordinal order.</summary>
        public static List<(string Path, int Kernel)> ListWithKernels(string prefix = "/")
        {
            if (prefix != "/") CheckPath(prefix);
            if (DirectoryIsRemote)
            {
                List<(string Path, int Kernel)> listed = KernelControl.List(prefix);
                listed.RemoveAll(entry => entry.Kernel == KernelRole.Id && !ServesHere(entry.Path));
                return listed;
            }
            var found = new List<(string, int)>();
            lock (s_lock)
            {
                foreach (DirectoryEntry entry in s_directory.List(prefix))
                    if (entry.Kernel != KernelRole.Id || LocalLookup(entry.Path) is not null) found.Add((entry.Path, entry.Kernel));
            }
            return found;
        }

        internal static void Remove(Registration registration)
        {
            lock (s_lock)
            {
                if (!registration.IsRegistered) return;
                registration.IsRegistered = false;
                if (!s_local.TryGetValue(registration.Path, out Registration current) || current != registration) return;
                s_local.Remove(registration.Path);
            }
            ForgetInDirectory(registration.Path);
            registration.Drain();
        }

        // The live registration of this kernel at path; one whose owner died is removed on the way (with the lock held),
        // here and in the directory.
        private static Registration LocalLookup(string path)
        {
            if (!s_local.TryGetValue(path, out Registration registration)) return null;
            if (registration.Owner.IsAlive) return registration;
            registration.IsRegistered = false;
            s_local.Remove(path);
            if (!DirectoryIsRemote) s_directory.Remove(path, KernelRole.Id);
            else s_deadRemote.Add(path);            // told to the coordinator outside the lock (ForgetDeadRemote)
            return null;
        }

        // A satellite: whether its service at path (listed by the coordinator) is alive; a dead one leaves the directory.
        private static bool ServesHere(string path)
        {
            bool alive;
            lock (s_lock) alive = LocalLookup(path) is not null;
            if (!alive) TellCoordinatorOfDeadPaths();
            return alive;
        }

        private static readonly List<string> s_deadRemote = new List<string>();

        // A path this kernel no longer serves leaves the directory (the coordinator's, over the link if it is elsewhere).
        private static void ForgetInDirectory(string path)
        {
            lock (s_lock)
            {
                if (!DirectoryIsRemote)
                {
                    s_directory.Remove(path, KernelRole.Id);
                    return;
                }
                s_deadRemote.Add(path);
            }
            TellCoordinatorOfDeadPaths();
        }

        // The paths this satellite stopped serving go from the coordinator's directory (outside the lock: it asks over
        // the link).
        private static void TellCoordinatorOfDeadPaths()
        {
            string[] paths;
            lock (s_lock)
            {
                paths = s_deadRemote.ToArray();
                s_deadRemote.Clear();
            }
            foreach (string gone in paths)
            {
                try
                {
                    KernelControl.Remove(gone);
                }
                catch (NamespaceException)
                {
                    // Already gone from the directory (or the coordinator is): nothing is left to undo.
                }
            }
        }

        private static void CheckPath(string path)
        {
            string problem = NamespacePath.Check(path);
            if (problem is not null) throw new NamespaceException("bad path \"" + path + "\": " + problem);
        }
    }
}
