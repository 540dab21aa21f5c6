// The kernel's side of the channel ABI (version 1; the process side is src/Sip/SipChannelCalls.cs). A process holds
// its own copy of the channel runtime but not the exchange heap, so each call runs the kernel's channel operation
// (Helios.Channels, on the kernel's exchange heap) on the calling process's thread, whose ChannelOwner is the
// process's owner: every ownership and protocol check is the kernel's. Kernel entries must not throw, so an
// exception becomes a ChannelErrors code and its text waits on the process (helios_channel_last_error) for the
// process to throw it there, in the offender. Blocks and arrays are returned by address: the process reads and
// writes them in place (zero copy).
using System;
using Helios.Channels;

namespace Helios.Kernel.Processes
{
    internal static unsafe class ProcessChannelAbi
    {
        internal const int Version = 1;

        internal static int AbiVersion() => Version;

        internal static int Create(ulong contract, ulong* importer, ulong* exporter)
        {
            try
            {
                Channel.Create(Contract(contract), out ulong imp, out ulong exp);
                *importer = imp;
                *exporter = exp;
                return 0;
            }
            catch (Exception e)
            {
                return Fail(e);
            }
        }

        internal static int BeginSend(ulong endpoint, ulong contract, int side, int message, ulong* block, ulong* handle, uint* size)
        {
            try
            {
                MessageWriter writer = Channel.BeginSend(endpoint, Contract(contract), (byte)side, message);
                *block = writer.Block;
                *handle = writer.Handle;
                *size = writer.Size;
                return 0;
            }
            catch (Exception e)
            {
                return Fail(e);
            }
        }

        // A message of values alone, in one call: the values are the process's, length bytes (they follow the header).
        internal static int Send(ulong endpoint, ulong contract, int side, int message, byte* values, uint length)
        {
            try
            {
                Channel.SendValues(ExchangeHeap.Current, endpoint, contract, (byte)side, message, values, length);
                return 0;
            }
            catch (Exception e)
            {
                return Fail(e);
            }
        }

        internal static int Commit(ulong endpoint, ulong message)
        {
            try
            {
                Channel.CommitSend(endpoint, message);
                return 0;
            }
            catch (Exception e)
            {
                return Fail(e);
            }
        }

        // The receive ends here: the process reads the block before it can send on the endpoint again.
        internal static int Receive(ulong endpoint, ulong contract, int side, int message, ulong* block, ulong* handle, int* arrived)
        {
            int code;
            try
            {
                MessageReader reader = Channel.BeginReceive(endpoint, Contract(contract), (byte)side, message);
                reader.End();
                *block = reader.Block;
                *handle = reader.Handle;
                *arrived = reader.Message;
                code = 0;
            }
            catch (Exception e)
            {
                code = Fail(e);
            }
            Process.DieIfKilled(0);
            return code;
        }

        // A message of values alone, in one call: its values go to the process's memory, length bytes.
        internal static int ReceiveValues(ulong endpoint, ulong contract, int side, int message, byte* values, uint length)
        {
            int code;
            try
            {
                Channel.ReceiveValues(ExchangeHeap.Current, endpoint, contract, (byte)side, message, values, length);
                code = 0;
            }
            catch (Exception e)
            {
                code = Fail(e);
            }
            Process.DieIfKilled(0);
            return code;
        }

        internal static int WaitNext(ulong endpoint, ulong contract, int side, long timeoutNanoseconds, int* next)
        {
            int code;
            try
            {
                *next = Channel.WaitNext(endpoint, Contract(contract), (byte)side, timeoutNanoseconds);
                code = 0;
            }
            catch (Exception e)
            {
                code = Fail(e);
            }
            Process.DieIfKilled(0);
            return code;
        }

        internal static int Close(ulong endpoint, ulong contract, int side)
        {
            try
            {
                Channel.Close(endpoint, Contract(contract), (byte)side);
                return 0;
            }
            catch (Exception e)
            {
                return Fail(e);
            }
        }

        internal static int Query(ulong endpoint, ulong contract, int side, int* state, int* closed)
        {
            try
            {
                ContractInfo info = Contract(contract);
                *state = Channel.StateOf(endpoint, info, (byte)side);
                *closed = Channel.IsClosed(endpoint, info, (byte)side) ? 1 : 0;
                return 0;
            }
            catch (Exception e)
            {
                return Fail(e);
            }
        }

        internal static int AllocateArray(int elementSize, int count, ulong* handle)
        {
            try
            {
                ExchangeHeap heap = ExchangeHeap.Current;
                *handle = heap.AllocateArray(heap.Host.CurrentOwner, elementSize, count);
                return 0;
            }
            catch (Exception e)
            {
                return Fail(e);
            }
        }

        // Only the holder may reach an array's memory: a process could make up a handle, never take one.
        internal static int Resolve(ulong handle, ulong* address, uint* count)
        {
            try
            {
                ExchangeHeap heap = ExchangeHeap.Current;
                byte* data = heap.Resolve(handle, out _, out uint elements);
                if (heap.OwnerOf(handle) != heap.Host.CurrentOwner)
                    throw new UseAfterSendException("exchange-heap handle 0x" + handle.ToString("X") + " is not this process's");
                *address = (ulong)data;
                *count = elements;
                return 0;
            }
            catch (Exception e)
            {
                return Fail(e);
            }
        }

        internal static int Free(ulong handle)
        {
            try
            {
                ExchangeHeap heap = ExchangeHeap.Current;
                heap.Free(handle, heap.Host.CurrentOwner);
                return 0;
            }
            catch (Exception e)
            {
                return Fail(e);
            }
        }

        internal static int IsLive(ulong handle) => ExchangeHeap.Current.IsLive(handle) ? 1 : 0;

        internal static int StartupEndpoint(int index, ulong* endpoint)
        {
            try
            {
                *endpoint = Process.Current.StartupEndpoint(index);
                return 0;
            }
            catch (Exception e)
            {
                *endpoint = 0;
                return Fail(e);
            }
        }

        // Copies the last error's text; returns its length (more than capacity: call again with room for it).
        internal static int LastError(char* buffer, int capacity)
        {
            string text = Process.Current.ChannelError ?? "";
            if (text.Length <= capacity)
                for (int i = 0; i < text.Length; i++) buffer[i] = text[i];
            return text.Length;
        }

        internal static ContractInfo Contract(ulong id)
            => ContractInfo.Find(id) ?? throw new ChannelException("contract 0x" + id.ToString("X") + " is unknown to this kernel");

        internal static int Fail(Exception e)
        {
            Process process = Process.Current;
            if (process is not null) process.ChannelError = e.Message;
            if (e is Helios.Kernel.Namespace.NamespaceException refused)
                return refused.NothingRegistered ? ChannelErrors.NotRegistered : ChannelErrors.Namespace;
            return ChannelErrors.CodeOf(e);
        }
    }
}
