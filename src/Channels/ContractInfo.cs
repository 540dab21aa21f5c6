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
            _next = BuildNext(stateSenders, transitions, stateNames.Length, messageCount);
            _headers = BuildHeaders(messageContractIds, messageTags, messageDescriptorCounts, messageSizes);
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

        // What every send and receive asks, precomputed: the state after (state, message) sent by the importer
        // (even entries) or the exporter (odd), -1 when forbidden; and each message's 16-byte header as two words.
        private readonly short[] _next;
        private readonly ulong[] _headers;

        private static short[] BuildNext(byte[] senders, ushort[] transitions, int states, int messages)
        {
            var next = new short[states * messages * 2];
            for (int state = 0; state < states; state++)
                for (int m = 0; m < messages; m++)
                    for (int side = Importer; side <= Exporter; side++)
                        next[(state * messages + m) * 2 + side - Importer] =
                            senders[state] == side ? (short)(transitions[state * messages + m] - 1) : (short)-1;
            return next;
        }

        private static ulong[] BuildHeaders(ulong[] contractIds, ushort[] tags, byte[] descriptorCounts, ushort[] sizes)
        {
            var headers = new ulong[contractIds.Length * 2];
            for (int m = 0; m < contractIds.Length; m++)
            {
                headers[m * 2] = contractIds[m];
                headers[m * 2 + 1] = tags[m] | (ulong)descriptorCounts[m] << 16 | (ulong)WireLayout.Version << 24 | (ulong)sizes[m] << 32;
            }
            return headers;
        }

        // In a process: whether the kernel has accepted this contract's declaration (RemoteChannel declares it before
        // its first use). A race declares it twice, which the kernel accepts: the declarations are identical.
        internal volatile bool DeclaredToKernel;

        /// <summary>The state after side sends message in state, or -1 when the protocol forbids it.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public int NextState(int state, int message, byte side)
        {
            if ((uint)state >= (uint)StateNames.Length || (uint)message >= (uint)MessageCount || (uint)(side - Importer) > 1) return -1;
            return _next[(state * MessageCount + message) * 2 + side - Importer];
        }

        /// <summary>The message whose tag (its name's hash: what a record between kernels names it by) is tag, or -1.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal int MessageOfTag(ushort tag)
        {
            ushort[] tags = MessageTags;
            for (int m = 0; m < tags.Length; m++)
                if (tags[m] == tag) return m;
            return -1;
        }

        /// <summary>Writes message's header (docs/contracts.md's layout) at block.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal unsafe void WriteHeader(ulong block, int message)
        {
            *(ulong*)block = _headers[message * 2];
            *(ulong*)(block + 8) = _headers[message * 2 + 1];
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
