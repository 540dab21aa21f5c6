// The namespace: one per system, kept by the coordinator kernel. A service registers a path with the contract it
// speaks; a client binds to the path by handing over the exporter end of a fresh channel of that contract, which
// moves to the service (Registration.Accept gives it the end), and keeps the importer end. List shows what is
// registered under a prefix. A path goes away when its service removes it or when the service's owner dies (found
// on the next lookup). Who may register where is the policy's call (INamespacePolicy: the manifests of processes).
// Kernel threads call this directly; processes will reach it through the kernel's ABI, satellites over a channel.
using System;
using System.Collections.Generic;
using Helios.Channels;

namespace Helios.Kernel.Namespace
{
    public static class NameService
    {
        private static readonly object s_lock = new object();
        private static readonly Dictionary<string, Registration> s_paths = new Dictionary<string, Registration>();
        private static INamespacePolicy s_policy = new ManifestNamespacePolicy();

        /// <summary>Who decides registrations: ManifestNamespacePolicy (manifests for processes, anything for the kernel).</summary>
        public static INamespacePolicy Policy
        {
            get => s_policy;
            set => s_policy = value ?? throw new ArgumentNullException(nameof(value));
        }

        /// <summary>Registers path for the calling owner's service speaking contract.</summary>
        public static Registration Register(string path, ContractInfo contract)
        {
            CheckPath(path);
            if (contract is null) throw new ArgumentNullException(nameof(contract));
            ExOwner owner = ExchangeHeap.Current.Host.CurrentOwner;
            string refused = s_policy.MayRegister(owner, path, contract.Name);
            if (refused is not null) throw new NamespaceException(owner.ToString() + " may not register " + path + ": " + refused);
            lock (s_lock)
            {
                if (Lookup(path) is not null) throw new NamespaceException(path + " is already registered");
                var registration = new Registration(path, contract, owner);
                s_paths[path] = registration;
                return registration;
            }
        }

        /// <summary>
        /// Binds to the service at path: exporter (the exporter end of a new channel of the service's contract, held by
        /// the caller) moves to the service, which accepts it; the caller keeps the importer end.
        /// </summary>
        public static void Bind(string path, ContractInfo contract, ulong exporter)
        {
            CheckPath(path);
            Registration registration;
            lock (s_lock) registration = Lookup(path);
            if (registration is null) throw new NamespaceException("nothing is registered at " + path);
            if (registration.Contract.Id != contract.Id)
                throw new NamespaceException(path + " speaks " + registration.Contract.Name + ", not " + contract.Name);
            Channel.CheckEndpoint(exporter, contract, ContractInfo.Exporter);
            ExchangeHeap heap = ExchangeHeap.Current;
            ulong moved = heap.Transfer(exporter, heap.Host.CurrentOwner, registration.Owner);
            registration.Enqueue(moved);
        }

        /// <summary>The registered paths at or under prefix ("/" for all), in ordinal order.</summary>
        public static string[] List(string prefix = "/")
        {
            if (prefix != "/") CheckPath(prefix);
            var found = new List<string>();
            lock (s_lock)
            {
                var all = new List<string>(s_paths.Keys);
                foreach (string path in all)
                    if (NamespacePath.IsUnder(path, prefix) && Lookup(path) is not null) found.Add(path);
            }
            found.Sort(string.CompareOrdinal);
            return found.ToArray();
        }

        internal static void Remove(Registration registration)
        {
            lock (s_lock)
            {
                if (!registration.IsRegistered) return;
                registration.IsRegistered = false;
                if (s_paths.TryGetValue(registration.Path, out Registration current) && current == registration) s_paths.Remove(registration.Path);
            }
            registration.Drain();
        }

        // The live registration at path; one whose owner died is removed on the way (with the lock held).
        private static Registration Lookup(string path)
        {
            if (!s_paths.TryGetValue(path, out Registration registration)) return null;
            if (registration.Owner.IsAlive) return registration;
            registration.IsRegistered = false;
            s_paths.Remove(path);
            return null;
        }

        private static void CheckPath(string path)
        {
            string problem = NamespacePath.Check(path);
            if (problem is not null) throw new NamespaceException("bad path \"" + path + "\": " + problem);
        }
    }
}
