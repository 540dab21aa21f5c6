// What the channel runtime knows of a contract: its wire identity, message layouts and protocol table, straight from
// the generated descriptor (each generated contract class builds one). The runtime never needs the contract's types.
using System;
using System.Text;

namespace Helios.Channels
{
    public sealed class ContractInfo
    {
        public const byte Importer = 1;
        public const byte Exporter = 2;

        public ContractInfo(string name, ulong id, int messageCount, string[] messageNames, ushort[] messageTags,
            ulong[] messageContractIds, ushort[] messageSizes, byte[] messageDescriptorCounts, string[] stateNames,
            byte[] stateSenders, ushort[] transitions)
        {
            Name = name;
            Id = id;
            MessageCount = messageCount;
            MessageNames = messageNames;
            MessageTags = messageTags;
            MessageContractIds = messageContractIds;
            MessageSizes = messageSizes;
            MessageDescriptorCounts = messageDescriptorCounts;
            StateNames = stateNames;
            StateSenders = stateSenders;
            Transitions = transitions;
            if (messageNames.Length != messageCount || transitions.Length != stateNames.Length * messageCount)
                throw new ArgumentException("contract " + name + ": the descriptor's tables disagree");
            Register(this);
        }

        // Every contract this image has built, by id: a kernel serving a process, which names a contract by its id
        // alone, finds its own copy here (every endpoint the kernel holds was made from one).
        private static readonly object s_registryLock = new object();
        private static ContractInfo[] s_registry = new ContractInfo[8];
        private static int s_registered;

        private static void Register(ContractInfo contract)
        {
            lock (s_registryLock)
            {
                for (int i = 0; i < s_registered; i++) if (s_registry[i].Id == contract.Id) return;
                if (s_registered == s_registry.Length)
                {
                    var grown = new ContractInfo[s_registry.Length * 2];
                    Array.Copy(s_registry, grown, s_registered);
                    s_registry = grown;
                }
                s_registry[s_registered] = contract;
                System.Threading.Volatile.Write(ref s_registered, s_registered + 1);     // published after the entry
            }
        }

        /// <summary>The contract with this id that this image has built, or null.</summary>
        public static ContractInfo Find(ulong id)
        {
            // No lock: the table only grows, and a count is published after its entries (read it first).
            int count = System.Threading.Volatile.Read(ref s_registered);
            ContractInfo[] registry = s_registry;
            for (int i = 0; i < count && i < registry.Length; i++) if (registry[i].Id == id) return registry[i];
            return null;
        }

        // Fields, not properties: the image compiler inlines little, and these are read on every send and receive.
        public readonly string Name;
        public readonly ulong Id;
        public readonly int MessageCount;
        internal readonly string[] MessageNames;
        internal readonly ushort[] MessageTags;
        internal readonly ulong[] MessageContractIds;
        internal readonly ushort[] MessageSizes;
        internal readonly byte[] MessageDescriptorCounts;
        internal readonly string[] StateNames;
        internal readonly byte[] StateSenders;
        internal readonly ushort[] Transitions;

        /// <summary>The state after side sends message in state, or -1 when the protocol forbids it.</summary>
        public int NextState(int state, int message, byte side)
        {
            if ((uint)state >= (uint)StateNames.Length || (uint)message >= (uint)MessageCount) return -1;
            if (StateSenders[state] != side) return -1;
            return Transitions[state * MessageCount + message] - 1;
        }

        public string MessageName(int message) => (uint)message < (uint)MessageCount ? MessageNames[message] : "message " + message.ToString();

        public string StateName(int state) => (uint)state < (uint)StateNames.Length ? StateNames[state] : "state " + state.ToString();

        internal static string SideName(byte side) => side == Importer ? "importer" : side == Exporter ? "exporter" : "nobody";

        /// <summary>"the exporter may send Pong" or "nobody may send (terminal)": for violation reports.</summary>
        internal string Allowed(int state)
        {
            byte sender = StateSenders[state];
            if (sender == 0) return "nothing may be sent (a terminal state)";
            var text = new StringBuilder("the ").Append(SideName(sender)).Append(" may send ");
            bool first = true;
            for (int m = 0; m < MessageCount; m++)
            {
                if (Transitions[state * MessageCount + m] == 0) continue;
                if (!first) text.Append(" or ");
                text.Append(MessageNames[m]);
                first = false;
            }
            return text.ToString();
        }
    }
}
