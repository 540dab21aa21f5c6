// A contract as a process declares it to the kernel (helios_channel_declare_contract): the ContractInfo tables in one
// flat little-endian block, so that the kernel copies one bounded buffer and parses it with every bound checked.
// Decode never throws on any input: a malformed or inconsistent declaration is an error for the process that made
// it. Validate checks what the kernel relies on when it enforces the protocol with these tables (sizes hold the
// header and descriptors, transitions name states, terminal states allow nothing) and that the wire identity is
// the one the name gives (id = FNV-1a 64 of the name, each tag from its message's name): so a declaration cannot
// claim an id or a tag that is not its own. Layout (version 1):
//
//   u32 magic "HCD1"   u64 id   u64 fingerprint   str name   u32 messageCount   u32 stateCount
//   messageCount × (str name, u16 tag, u64 contract id, u16 size, u8 descriptor count)
//   stateCount × (str name, u8 sender)
//   stateCount × messageCount × u16 transition (next state + 1, 0 forbidden)
//   str = u16 length, then that many UTF-16 code units
namespace Helios.Channels
{
    public static class ContractDeclaration
    {
        public const uint Magic = 0x31444348;           // "HCD1"
        /// <summary>The largest declaration the kernel reads.</summary>
        public const int MaxBytes = 1 << 20;
        public const int MaxNameLength = 256;
        public const int MaxStateNameLength = 1024;
        /// <summary>States × messages, as the contract compiler bounds them (HL0212).</summary>
        public const int MaxTableEntries = 1 << 16;
        /// <summary>The largest message block: 65528 bytes (HL0111).</summary>
        public const int MaxMessageSize = 65528;

        /// <summary>The declaration of contract: its tables as they are (the kernel decides whether they hold).</summary>
        public static byte[] Encode(ContractInfo contract)
        {
            int messages = contract.MessageNames.Length, states = contract.StateNames.Length;
            int size = 4 + 8 + 8 + StringSize(contract.Name) + 4 + 4 + contract.Transitions.Length * 2;
            for (int m = 0; m < messages; m++) size += StringSize(contract.MessageNames[m]) + 2 + 8 + 2 + 1;
            for (int s = 0; s < states; s++) size += StringSize(contract.StateNames[s]) + 1;
            var bytes = new byte[size];
            int at = 0;
            at = Put(bytes, at, Magic, 4);
            at = Put(bytes, at, contract.Id, 8);
            at = Put(bytes, at, contract.Fingerprint, 8);
            at = PutString(bytes, at, contract.Name);
            at = Put(bytes, at, (ulong)messages, 4);
            at = Put(bytes, at, (ulong)states, 4);
            for (int m = 0; m < messages; m++)
            {
                at = PutString(bytes, at, contract.MessageNames[m]);
                at = Put(bytes, at, Entry(contract.MessageTags, m), 2);
                at = Put(bytes, at, m < contract.MessageContractIds.Length ? contract.MessageContractIds[m] : 0, 8);
                at = Put(bytes, at, Entry(contract.MessageSizes, m), 2);
                at = Put(bytes, at, m < contract.MessageDescriptorCounts.Length ? contract.MessageDescriptorCounts[m] : 0UL, 1);
            }
            for (int s = 0; s < states; s++)
            {
                at = PutString(bytes, at, contract.StateNames[s]);
                at = Put(bytes, at, s < contract.StateSenders.Length ? contract.StateSenders[s] : 0UL, 1);
            }
            for (int t = 0; t < contract.Transitions.Length; t++) at = Put(bytes, at, contract.Transitions[t], 2);
            return bytes;
        }

        /// <summary>The contract a declaration describes, decoded and validated; null with the reason when it is not one.</summary>
        public static ContractInfo Decode(byte[] bytes, out string error)
        {
            var r = new Reader(bytes);
            if (bytes.Length > MaxBytes) return Fail(out error, "the declaration has " + bytes.Length.ToString() + " bytes; at most " + MaxBytes.ToString() + " are read");
            if (r.U32() != Magic) return Fail(out error, r.Failed ? r.Error : "the declaration does not start with the magic \"HCD1\" (version 1)");
            ulong id = r.U64();
            ulong fingerprint = r.U64();
            string name = r.String(MaxNameLength, "the contract's name");
            uint messageCount = r.U32();
            uint stateCount = r.U32();
            if (r.Failed) return Fail(out error, r.Error);
            string who = "contract " + name + " (0x" + id.ToString("X16") + ")";
            if (stateCount == 0) return Fail(out error, who + " has no states (state 0 is the start state)");
            if (stateCount > ushort.MaxValue - 1 || messageCount > MaxTableEntries || (ulong)stateCount * messageCount > MaxTableEntries)
                return Fail(out error, who + " has " + stateCount.ToString() + " states and " + messageCount.ToString() + " messages; its table may have at most "
                    + MaxTableEntries.ToString() + " entries");
            // Every message and state takes at least 3 bytes: counts beyond what the buffer holds are refused before any allocation.
            if ((ulong)messageCount * 15 + (ulong)stateCount * 3 > (ulong)(bytes.Length - r.Position))
                return Fail(out error, who + ": the declaration is shorter than its " + messageCount.ToString() + " messages and " + stateCount.ToString() + " states");
            int messages = (int)messageCount, states = (int)stateCount;
            var messageNames = new string[messages];
            var tags = new ushort[messages];
            var contractIds = new ulong[messages];
            var sizes = new ushort[messages];
            var descriptorCounts = new byte[messages];
            for (int m = 0; m < messages && !r.Failed; m++)
            {
                messageNames[m] = r.String(MaxNameLength, "message " + m.ToString() + "'s name");
                tags[m] = r.U16();
                contractIds[m] = r.U64();
                sizes[m] = r.U16();
                descriptorCounts[m] = r.U8();
            }
            var stateNames = new string[states];
            var senders = new byte[states];
            for (int s = 0; s < states && !r.Failed; s++)
            {
                stateNames[s] = r.String(MaxStateNameLength, "state " + s.ToString() + "'s name");
                senders[s] = r.U8();
            }
            var transitions = new ushort[states * messages];
            for (int t = 0; t < transitions.Length && !r.Failed; t++) transitions[t] = r.U16();
            if (r.Failed) return Fail(out error, who + ": " + r.Error);
            if (r.Position != bytes.Length)
                return Fail(out error, who + ": " + (bytes.Length - r.Position).ToString() + " bytes follow the transition table");
            var contract = new ContractInfo(name, id, fingerprint, messages, messageNames, tags, contractIds, sizes, descriptorCounts,
                stateNames, senders, transitions, register: false);
            error = Validate(contract);
            return error is null ? contract : null;
        }

        /// <summary>Why contract's tables cannot be enforced or claim an identity not theirs, or null when they hold.</summary>
        public static string Validate(ContractInfo c)
        {
            if (c.Name is null || !IsIdentifier(c.Name)) return "the contract's name must be an identifier of 1 to " + MaxNameLength.ToString() + " ASCII letters, digits and '_'";
            string who = c.Describe();
            if (c.Id != WireHash.ContractId(c.Name))
                return who + ": the id of contract " + c.Name + " is 0x" + WireHash.ContractId(c.Name).ToString("X16") + " (FNV-1a 64 of its name)";
            int messages = c.MessageCount, states = c.StateNames is null ? 0 : c.StateNames.Length;
            if (c.MessageNames is null || c.MessageTags is null || c.MessageContractIds is null || c.MessageSizes is null
                || c.MessageDescriptorCounts is null || c.StateNames is null || c.StateSenders is null || c.Transitions is null)
                return who + ": a table is missing";
            if (c.MessageNames.Length != messages || c.MessageTags.Length != messages || c.MessageContractIds.Length != messages
                || c.MessageSizes.Length != messages || c.MessageDescriptorCounts.Length != messages)
                return who + ": the message tables do not all have " + messages.ToString() + " entries";
            if (states == 0) return who + " has no states (state 0 is the start state)";
            if (c.StateSenders.Length != states) return who + ": the state tables do not both have " + states.ToString() + " entries";
            if (states > ushort.MaxValue - 1 || (long)states * messages > MaxTableEntries || c.Transitions.Length != states * messages)
                return who + ": the transition table must have states × messages entries, at most " + MaxTableEntries.ToString();
            for (int m = 0; m < messages; m++)
            {
                string name = c.MessageNames[m];
                if (name is null || !IsIdentifier(name)) return who + ": message " + m.ToString() + "'s name is not an identifier";
                string message = who + ": message " + name;
                if (c.MessageTags[m] != WireHash.MessageTag(name))
                    return message + " has the tag 0x" + c.MessageTags[m].ToString("X4") + "; its name gives 0x" + WireHash.MessageTag(name).ToString("X4");
                for (int o = 0; o < m; o++)
                {
                    if (c.MessageNames[o] == name) return message + " is declared twice";
                    if (c.MessageTags[o] == c.MessageTags[m]) return message + " has the tag of message " + c.MessageNames[o];
                }
                if (c.MessageContractIds[m] == 0) return message + " carries contract id 0";
                int size = c.MessageSizes[m], descriptors = c.MessageDescriptorCounts[m];
                if (size % 8 != 0 || size < WireLayout.HeaderSize + descriptors * WireLayout.DescriptorSize || size > MaxMessageSize)
                    return message + " is " + size.ToString() + " bytes with " + descriptors.ToString() + " descriptors: a block is a multiple of 8 bytes, at most "
                        + MaxMessageSize.ToString() + ", holding the 16-byte header and 16 bytes per descriptor";
            }
            for (int s = 0; s < states; s++)
            {
                string name = c.StateNames[s];
                if (name is null || !IsPrintable(name)) return who + ": state " + s.ToString() + "'s name must be 1 to " + MaxStateNameLength.ToString() + " printable ASCII characters";
                byte sender = c.StateSenders[s];
                if (sender > ContractInfo.Exporter) return who + ": state " + name + " has sender " + sender.ToString() + " (0 nobody, 1 importer, 2 exporter)";
                for (int m = 0; m < messages; m++)
                {
                    int next = c.Transitions[s * messages + m];
                    if (next > states) return who + ": state " + name + " on message " + c.MessageNames[m] + " goes to state " + (next - 1).ToString()
                        + ", but there are " + states.ToString() + " states";
                    if (next != 0 && sender == 0) return who + ": state " + name + " is terminal (nobody sends) but allows message " + c.MessageNames[m];
                }
            }
            return null;
        }

        private static ContractInfo Fail(out string error, string why)
        {
            error = why;
            return null;
        }

        private static bool IsIdentifier(string text)
        {
            if (text.Length == 0 || text.Length > MaxNameLength) return false;
            for (int i = 0; i < text.Length; i++)
            {
                char ch = text[i];
                bool letter = (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || ch == '_';
                if (!letter && !(i > 0 && ch >= '0' && ch <= '9')) return false;
            }
            return true;
        }

        private static bool IsPrintable(string text)
        {
            if (text.Length == 0 || text.Length > MaxStateNameLength) return false;
            for (int i = 0; i < text.Length; i++) if (text[i] < ' ' || text[i] > '~') return false;
            return true;
        }

        private static ulong Entry(ushort[] table, int index) => index < table.Length ? table[index] : 0UL;

        private static int StringSize(string text) => 2 + 2 * (text is null ? 0 : (text.Length > ushort.MaxValue ? ushort.MaxValue : text.Length));

        private static int Put(byte[] bytes, int at, ulong value, int size)
        {
            for (int i = 0; i < size; i++) bytes[at + i] = (byte)(value >> (8 * i));
            return at + size;
        }

        private static int PutString(byte[] bytes, int at, string text)
        {
            int length = text is null ? 0 : (text.Length > ushort.MaxValue ? ushort.MaxValue : text.Length);
            at = Put(bytes, at, (ulong)length, 2);
            for (int i = 0; i < length; i++) at = Put(bytes, at, text[i], 2);
            return at;
        }

        /// <summary>Reads the declaration with every read bounded; the first overrun or bad string sets Failed and Error.</summary>
        private sealed class Reader
        {
            private readonly byte[] _bytes;

            internal Reader(byte[] bytes) => _bytes = bytes;

            internal int Position;
            internal bool Failed;
            internal string Error;

            private ulong Take(int size)
            {
                if (Failed) return 0;
                if (_bytes.Length - Position < size)
                {
                    Failed = true;
                    Error = "the declaration ends at byte " + _bytes.Length.ToString() + ", inside a field at byte " + Position.ToString();
                    return 0;
                }
                ulong value = 0;
                for (int i = 0; i < size; i++) value |= (ulong)_bytes[Position + i] << (8 * i);
                Position += size;
                return value;
            }

            internal byte U8() => (byte)Take(1);

            internal ushort U16() => (ushort)Take(2);

            internal uint U32() => (uint)Take(4);

            internal ulong U64() => Take(8);

            internal string String(int maxLength, string what)
            {
                int length = U16();
                if (Failed) return "";
                if (length > maxLength)
                {
                    Failed = true;
                    Error = what + " has " + length.ToString() + " characters; at most " + maxLength.ToString() + " are allowed";
                    return "";
                }
                if (_bytes.Length - Position < 2 * length)
                {
                    Take(2 * length);
                    return "";
                }
                var chars = new char[length];
                for (int i = 0; i < length; i++) chars[i] = (char)Take(2);
                return new string(chars);
            }
        }
    }
}
