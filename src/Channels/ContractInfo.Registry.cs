// The contracts this image knows, by id. In the kernel: the system contracts (registered at boot, see
// RegisterSystem), the contracts the kernel image itself compiled, and the contracts processes declared
// (ContractDeclaration). There is one table per id: both ends of every channel are checked against it, and the
// first registration of an id is the only one — a later declaration must be identical or is refused, naming the
// contract, who registered it first and who declared it now (two apps built from drifted copies of a contract meet
// here at run time). Entries live as long as the kernel (ids are names, and the next process to use a name declares
// the same contract again).
using System;
using System.Threading;

namespace Helios.Channels
{
    public sealed partial class ContractInfo
    {
        /// <summary>At most this many contracts are declared by processes: a bound on what they can make the kernel keep.</summary>
        public const int MaxDeclared = 1024;

        private static readonly object s_registryLock = new object();
        private static ContractInfo[] s_registry = new ContractInfo[16];
        private static int s_registered;
        private static int s_declared;

        /// <summary>Whether the system registered this contract at boot (src/Contracts): its id can never mean another contract.</summary>
        public bool IsSystem { get; private set; }

        /// <summary>
        /// Who registered this contract in this image, for refusals that must name both sides: "the system", the
        /// declarer Declare was given ("tally (pid 3)"), or "this image" for a contract the image compiled itself.
        /// </summary>
        public string RegisteredBy => IsSystem ? "the system" : _registeredBy ?? "this image";

        private string _registeredBy;

        // A generated contract class building its Info: the first of an id wins (an image compiles each contract once).
        private static void Register(ContractInfo contract)
        {
            lock (s_registryLock)
            {
                if (FindLocked(contract.Id) is null) AddLocked(contract);
            }
        }

        /// <summary>Registers the system's contracts (the generated ContractCatalog.All of Helios.Contracts.Library), at boot.</summary>
        public static void RegisterSystem(ContractInfo[] contracts)
        {
            lock (s_registryLock)
            {
                for (int i = 0; i < contracts.Length; i++)
                {
                    ContractInfo known = FindLocked(contracts[i].Id);
                    if (known is null) AddLocked(contracts[i]);
                    else if (!known.SameAs(contracts[i])) throw new ChannelException(contracts[i].Describe() + " is registered twice with different tables");
                    (known ?? contracts[i]).IsSystem = true;
                }
                Volatile.Write(ref s_systemFingerprint, SystemFingerprintLocked());
            }
        }

        /// <summary>
        /// Registers a contract a process declared (already validated: ContractDeclaration.Validate); declarer names
        /// who declares it ("tally (pid 3)", "kernel k1"), for this refusal and later ones. Returns the registered
        /// contract: this one, or the identical one registered before. Throws ChannelException when the id is
        /// registered with other tables or another fingerprint (naming the contract, who registered it first and the
        /// declarer), or when too many contracts were declared.
        /// </summary>
        public static ContractInfo Declare(ContractInfo contract, string declarer)
        {
            lock (s_registryLock)
            {
                ContractInfo known = FindLocked(contract.Id);
                if (known is not null)
                {
                    if (known.SameAs(contract)) return known;
                    throw new ChannelException(Conflict(known, contract, declarer));
                }
                if (s_declared >= MaxDeclared)
                    throw new ChannelException(contract.Describe() + " declared by " + declarer + ": this kernel already holds "
                        + MaxDeclared.ToString() + " declared contracts");
                contract._registeredBy = declarer;
                AddLocked(contract);
                s_declared++;
                return contract;
            }
        }

        // Both sides of a conflict: who holds the id and who brought other tables for it. Each usually built its own
        // copy of a .contract file, and the copies drifted (docs/apps.md, "Contract libraries").
        private static string Conflict(ContractInfo known, ContractInfo contract, string declarer)
        {
            string first = known.IsSystem ? "the system contract " + known.Name + " this kernel knows from boot"
                : "the contract " + known.Name + " that " + known.RegisteredBy + " declared first";
            return contract.Describe() + " declared by " + declarer + " conflicts with " + first + ": " + known.Difference(contract)
                + "; one id has one protocol for everyone (build both from one contract library)";
        }

        /// <summary>The contract with this id that this image knows, or null.</summary>
        public static ContractInfo Find(ulong id)
        {
            // Every channel call of a process names its contract: the last one found is usually the one asked for.
            ContractInfo last = s_lastFound;
            if (last is not null && last.Id == id) return last;
            // No lock: the table only grows, and a count is published after its entries (read it first).
            int count = Volatile.Read(ref s_registered);
            ContractInfo[] registry = Volatile.Read(ref s_registry);
            for (int i = 0; i < count && i < registry.Length; i++)
            {
                if (registry[i].Id != id) continue;
                s_lastFound = registry[i];         // a race only costs the next caller a scan
                return registry[i];
            }
            return null;
        }

        private static ContractInfo s_lastFound;

        /// <summary>
        /// One number for the system contracts this image registered: FNV-1a over their ids and fingerprints in id order
        /// (two kernels whose numbers differ would read each other's control messages differently). Read without a
        /// lock: links read it with their heap's lock held (interrupts masked), where waiting for the registry's lock
        /// deadlocked a kernel (its holder could not run again on that CPU); RegisterSystem fixes it.
        /// </summary>
        public static ulong SystemFingerprint() => Volatile.Read(ref s_systemFingerprint);

        private const ulong FnvOffsetBasis = 0xCBF29CE484222325UL;
        private static ulong s_systemFingerprint = FnvOffsetBasis;        // no system contracts yet

        private static ulong SystemFingerprintLocked()
        {
            ulong hash = FnvOffsetBasis, previous = 0;      // ids are FNV hashes of names: never 0
            while (true)
            {
                ContractInfo least = null;
                for (int i = 0; i < s_registered; i++)
                {
                    ContractInfo c = s_registry[i];
                    if (c.IsSystem && c.Id > previous && (least is null || c.Id < least.Id)) least = c;
                }
                if (least is null) return hash;
                previous = least.Id;
                hash = Mix(Mix(hash, least.Id), least.Fingerprint);
            }
        }

        private static ulong Mix(ulong hash, ulong value)
        {
            for (int i = 0; i < 8; i++, value >>= 8) hash = unchecked((hash ^ (byte)value) * 0x00000100000001B3UL);
            return hash;
        }

        /// <summary>How many contracts processes have declared (the rest were built into the kernel).</summary>
        public static int DeclaredCount => Volatile.Read(ref s_declared);

        private static ContractInfo FindLocked(ulong id)
        {
            for (int i = 0; i < s_registered; i++) if (s_registry[i].Id == id) return s_registry[i];
            return null;
        }

        private static void AddLocked(ContractInfo contract)
        {
            if (s_registered == s_registry.Length)
            {
                var grown = new ContractInfo[s_registry.Length * 2];
                Array.Copy(s_registry, grown, s_registered);
                Volatile.Write(ref s_registry, grown);
            }
            s_registry[s_registered] = contract;
            Volatile.Write(ref s_registered, s_registered + 1);     // published after the entry
        }

        /// <summary>Whether other describes the same contract: name, id, fingerprint and every table equal.</summary>
        public bool SameAs(ContractInfo other) => Difference(other) is null;

        /// <summary>The first way other differs from this contract ("message 2's size is 24, not 32"), or null.</summary>
        public string Difference(ContractInfo other)
        {
            if (Name != other.Name) return "the name is " + other.Name + ", not " + Name;
            if (Fingerprint != other.Fingerprint)
                return "the fingerprint is 0x" + other.Fingerprint.ToString("X16") + ", not 0x" + Fingerprint.ToString("X16");
            if (MessageCount != other.MessageCount) return "it has " + other.MessageCount.ToString() + " messages, not " + MessageCount.ToString();
            if (StateNames.Length != other.StateNames.Length) return "it has " + other.StateNames.Length.ToString() + " states, not " + StateNames.Length.ToString();
            for (int m = 0; m < MessageCount; m++)
            {
                if (MessageNames[m] != other.MessageNames[m]) return "message " + m.ToString() + " is " + other.MessageNames[m] + ", not " + MessageNames[m];
                if (MessageTags[m] != other.MessageTags[m] || MessageContractIds[m] != other.MessageContractIds[m]
                    || MessageSizes[m] != other.MessageSizes[m] || MessageDescriptorCounts[m] != other.MessageDescriptorCounts[m])
                    return "message " + MessageNames[m] + " has another tag, contract id, size or descriptor count";
            }
            for (int s = 0; s < StateNames.Length; s++)
                if (StateNames[s] != other.StateNames[s] || StateSenders[s] != other.StateSenders[s])
                    return "state " + s.ToString() + " is " + other.StateNames[s] + " (sender " + other.StateSenders[s].ToString() + "), not "
                        + StateNames[s] + " (sender " + StateSenders[s].ToString() + ")";
            for (int t = 0; t < Transitions.Length; t++)
                if (Transitions[t] != other.Transitions[t])
                    return "the transition of state " + StateNames[t / MessageCount] + " on " + MessageNames[t % MessageCount] + " differs";
            return null;
        }
    }
}
