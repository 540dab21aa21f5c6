// The kernel's channel operations as a process sees them. A process's image carries its own copy of this runtime,
// but the exchange heap and every endpoint live in the kernel (one per kernel), so in a process ExchangeHeap.Current
// is null and Channel, ExArray, MessageWriter and MessageReader go through these calls instead (RemoteChannel).
// Helios.Sip implements them over the process ABI (helios_channel_*) and installs them at start. Each returns 0 or
// a ChannelErrors code; the text of the last error comes from LastError. Message blocks and arrays are exchange-heap
// memory the process reads and writes in place: a send is still zero-copy.
namespace Helios.Channels
{
    public abstract class ChannelCalls
    {
        private static ChannelCalls s_current;

        /// <summary>The calls of this process, or null in the kernel (which holds the exchange heap itself).</summary>
        public static ChannelCalls Current => s_current;

        public static void Install(ChannelCalls calls) => s_current = calls;

        /// <summary>A new channel of the contract with this id (the kernel must know it); both ends the caller's.</summary>
        public abstract int Create(ulong contract, out ulong importer, out ulong exporter);

        /// <summary>Checks and starts a send: the block (header written), its handle and the bytes Write may fill.</summary>
        public abstract int BeginSend(ulong endpoint, ulong contract, byte side, int message, out ulong block, out ulong handle, out uint size);

        public abstract int Commit(ulong endpoint, ulong message);

        /// <summary>Sends a message of values alone in one step: length bytes at values follow its header.</summary>
        public abstract int Send(ulong endpoint, ulong contract, byte side, int message, ulong values, uint length);

        /// <summary>Receives the next message (message, or any for -1), waiting for it: the block, its handle and index.</summary>
        public abstract int Receive(ulong endpoint, ulong contract, byte side, int message, out ulong block, out ulong handle, out int arrived);

        /// <summary>Receives a message of values alone in one step (waiting for it): length bytes to values.</summary>
        public abstract int ReceiveValues(ulong endpoint, ulong contract, byte side, int message, ulong values, uint length);

        /// <summary>The next message's index without receiving it (-1 closed and empty, -2 timed out).</summary>
        public abstract int WaitNext(ulong endpoint, ulong contract, byte side, long timeoutNanoseconds, out int next);

        public abstract int Close(ulong endpoint, ulong contract, byte side);

        /// <summary>Checks the endpoint is the caller's, of contract on side; its protocol state and whether it is closed.</summary>
        public abstract int Query(ulong endpoint, ulong contract, byte side, out int state, out bool closed);

        public abstract int AllocateArray(int elementSize, int count, out ulong handle);

        /// <summary>A live array's memory and element count (any holder: the check is the handle's generation).</summary>
        public abstract int Resolve(ulong handle, out ulong address, out uint count);

        public abstract int Free(ulong handle);

        public abstract bool IsLive(ulong handle);

        /// <summary>
        /// The endpoint this process starts with at index: given by its launcher, or bound now to the path its
        /// manifest's &lt;endpoint&gt; names; 0 when there is none. A bind the namespace refuses is an error code.
        /// </summary>
        public abstract int StartupEndpoint(int index, out ulong endpoint);

        /// <summary>Registers path in the namespace for this process's service speaking contract: a registration number.</summary>
        public abstract int Register(string path, ulong contract, out int registration);

        /// <summary>The next client's exporter end (0 on timeout or once the registration is removed).</summary>
        public abstract int Accept(int registration, long timeoutNanoseconds, out ulong endpoint);

        /// <summary>Hands exporter (an end this process holds) to the service at path.</summary>
        public abstract int Bind(string path, ulong contract, ulong exporter);

        public abstract int Unregister(int registration);

        // ---- Contracts a process brings (ContractDeclaration): declared before the process first names the id. ----
        /// <summary>Declares a contract to the kernel (ContractDeclaration.Encode); 0 when the kernel knows it identically.</summary>
        public abstract int DeclareContract(byte[] declaration);

        /// <summary>The text of the last error a call returned on this process.</summary>
        public abstract string LastError();

        // ---- Select (switch receive) ----

        /// <summary>
        /// Waits for the first of count cases the endpoints' next messages satisfy (Select.Wait run by the kernel):
        /// its index, or -1 when the timeout (nanoseconds, -1 forever) passed first.
        /// </summary>
        public abstract unsafe int Select(SelectArm* arms, int count, long timeoutNanoseconds, out int chosen);
    }
}
