// Channel operations in a process: the same checks and results as on a kernel thread, done by the kernel through
// ChannelCalls, with a failure thrown here, in the caller, as the exception the kernel's runtime threw.
namespace Helios.Channels
{
    internal static class RemoteChannel
    {
        internal static ChannelCalls Calls
        {
            get
            {
                ChannelCalls calls = ChannelCalls.Current;
                if (calls is null) throw new ChannelException("channels are not available here: no exchange heap and no kernel channel calls");
                return calls;
            }
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal static void Check(ChannelCalls calls, int code)
        {
            if (code != ChannelErrors.None) Throw(calls, code);
        }

        private static void Throw(ChannelCalls calls, int code) => throw ChannelErrors.Make(code, calls.LastError());

        /// <summary>
        /// The calls, once the kernel knows contract: the first time this process names it, its tables go to the kernel,
        /// which registers a contract it does not know and refuses one whose id it knows with other tables.
        /// </summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal static ChannelCalls Declared(ContractInfo contract)
        {
            ChannelCalls calls = ChannelCalls.Current;
            if (calls is null || !contract.DeclaredToKernel) calls = Declare(contract);
            return calls;
        }

        private static ChannelCalls Declare(ContractInfo contract)
        {
            ChannelCalls calls = Calls;
            if (!contract.DeclaredToKernel)
            {
                Check(calls, calls.DeclareContract(ContractDeclaration.Encode(contract)));
                contract.DeclaredToKernel = true;
            }
            return calls;
        }

        internal static void Create(ContractInfo contract, out ulong importer, out ulong exporter)
        {
            ChannelCalls calls = Declared(contract);
            Check(calls, calls.Create(contract.Id, out importer, out exporter));
        }

        internal static MessageWriter BeginSend(ulong endpoint, ContractInfo contract, byte side, int message)
        {
            ChannelCalls calls = Declared(contract);
            Check(calls, calls.BeginSend(endpoint, contract.Id, side, message, out ulong block, out ulong handle, out uint size));
            return new MessageWriter(endpoint, handle, block, size);
        }

        internal static void Send(ulong endpoint, ContractInfo contract, byte side, int message, ulong values, uint length)
        {
            ChannelCalls calls = Declared(contract);
            Check(calls, calls.Send(endpoint, contract.Id, side, message, values, length));
        }

        internal static void Commit(ulong endpoint, ulong message)
        {
            ChannelCalls calls = Calls;
            Check(calls, calls.Commit(endpoint, message));
        }

        internal static MessageReader BeginReceive(ulong endpoint, ContractInfo contract, byte side, int message)
        {
            ChannelCalls calls = Declared(contract);
            Check(calls, calls.Receive(endpoint, contract.Id, side, message, out ulong block, out ulong handle, out int arrived));
            return new MessageReader(null, handle, block, arrived);
        }

        internal static void ReceiveValues(ulong endpoint, ContractInfo contract, byte side, int message, ulong values, uint length)
        {
            ChannelCalls calls = Declared(contract);
            Check(calls, calls.ReceiveValues(endpoint, contract.Id, side, message, values, length));
        }

        internal static int WaitNext(ulong endpoint, ContractInfo contract, byte side, long timeoutNanoseconds)
        {
            ChannelCalls calls = Declared(contract);
            Check(calls, calls.WaitNext(endpoint, contract.Id, side, timeoutNanoseconds, out int next));
            return next;
        }

        internal static void Close(ulong endpoint, ContractInfo contract, byte side)
        {
            ChannelCalls calls = Declared(contract);
            Check(calls, calls.Close(endpoint, contract.Id, side));
        }

        internal static int StateOf(ulong endpoint, ContractInfo contract, byte side)
        {
            ChannelCalls calls = Declared(contract);
            Check(calls, calls.Query(endpoint, contract.Id, side, out int state, out _));
            return state;
        }

        internal static bool IsClosed(ulong endpoint, ContractInfo contract, byte side)
        {
            ChannelCalls calls = Declared(contract);
            Check(calls, calls.Query(endpoint, contract.Id, side, out _, out bool closed));
            return closed;
        }

        internal static ulong AllocateArray(int elementSize, int count)
        {
            ChannelCalls calls = Calls;
            Check(calls, calls.AllocateArray(elementSize, count, out ulong handle));
            return handle;
        }

        internal static unsafe byte* Resolve(ulong handle, out uint count)
        {
            ChannelCalls calls = Calls;
            Check(calls, calls.Resolve(handle, out ulong address, out count));
            return (byte*)address;
        }

        internal static void Free(ulong handle)
        {
            ChannelCalls calls = Calls;
            Check(calls, calls.Free(handle));
        }
    }
}
