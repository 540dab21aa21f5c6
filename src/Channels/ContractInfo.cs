// What the channel runtime knows of a contract: its wire identity, message layouts and protocol table, straight from
// the generated descriptor (each generated contract class builds one). The runtime never needs the contract's types.
using System;
using System.Text;

namespace Helios.Channels
{
    public sealed partial class ContractInfo
    {
        public const byte Importer = 1;
        public const byte Exporter = 2;

        /// <summary>The generated contract class's view of its descriptor: registered in this image's table of contracts.</summary>
        public ContractInfo(string name, ulong id, ulong fingerprint, int messageCount, string[] messageNames, ushort[] messageTags,
            ulong[] messageContractIds, ushort[] messageSizes, byte[] messageDescriptorCounts, string[] stateNames,
            byte[] stateSenders, ushort[] transitions)
            : this(name, id, fingerprint, messageCount, messageNames, messageTags, messageContractIds, messageSizes,
                   messageDescriptorCounts, stateNames, stateSenders, transitions, register: true)
        {
        }

        /// <summary>Hand-built tables without a fingerprint (0), as host tests write them.</summary>
        public ContractInfo(string name, ulong id, int messageCount, string[] messageNames, ushort[] messageTags,
            ulong[] messageContractIds, ushort[] messageSizes, byte[] messageDescriptorCounts, string[] stateNames,
            byte[] stateSenders, ushort[] transitions)
            : this(name, id, 0, messageCount, messageNames, messageTags, messageContractIds, messageSizes,
                   messageDescriptorCounts, stateNames, stateSenders, transitions, register: true)
        {
        }

        // register: false for a contract a process declares, which the kernel validates before registering it.
        internal ContractInfo(string name, ulong id, ulong fingerprint, int messageCount, string[] messageNames, ushort[] messageTags,
            ulong[] messageContractIds, ushort[] messageSizes, byte[] messageDescriptorCounts, string[] stateNames,
            byte[] stateSenders, ushort[] transitions, bool register)
        {
            Name = name;
            Id = id;
            Fingerprint = fingerprint;
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
            if (register) Register(this);
        }

        // Fields, not properties: the image compiler inlines little, and these are read on every send and receive.
        public readonly string Name;
        public readonly ulong Id;
        /// <summary>The descriptor's fingerprint: a hash of everything on the wire and in the protocol table.</summary>
        public readonly ulong Fingerprint;
        public readonly int MessageCount;
        internal readonly string[] MessageNames;
        internal readonly ushort[] MessageTags;
        internal readonly ulong[] MessageContractIds;
        internal readonly ushort[] MessageSizes;
        internal readonly byte[] MessageDescriptorCounts;
        internal readonly string[] StateNames;
        internal readonly byte[] StateSenders;
        internal readonly ushort[] Transitions;

        // In a process: whether the kernel has accepted this contract's declaration (RemoteChannel declares it before
        // its first use). A race declares it twice, which the kernel accepts: the declarations are identical.
        internal volatile bool DeclaredToKernel;

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

        /// <summary>"contract FileContract (0xDD4358A5FBC26CCD)": how errors name a contract.</summary>
        public string Describe() => "contract " + Name + " (0x" + Id.ToString("X16") + ")";
    }
}
