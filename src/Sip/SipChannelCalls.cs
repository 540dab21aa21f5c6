// A process's channel calls (Helios.Channels.ChannelCalls) over the kernel's channel ABI: each is one indirect call
// into the kernel (src/Kernel/Processes/ProcessChannelAbi.cs), which runs the channel operation on the kernel's
// exchange heap as this process's owner and answers 0 or a ChannelErrors code. Installed at start when the kernel
// speaks this version of the channel ABI.
using System.Runtime;
using System.Runtime.CompilerServices;
using Helios.Channels;

namespace Helios.Sip
{
    internal sealed unsafe class SipChannelCalls : ChannelCalls
    {
        /// <summary>The channel ABI this image speaks (helios_channel_abi_version must answer it).</summary>
        internal const int AbiVersion = 1;

        internal static void InstallIfSupported()
        {
            if (AbiVersionOfKernel() == AbiVersion) Install(new SipChannelCalls());
        }

        public override int Create(ulong contract, out ulong importer, out ulong exporter)
        {
            ulong imp, exp;
            int code = ChannelCreate(contract, &imp, &exp);
            importer = imp;
            exporter = exp;
            return code;
        }

        public override int BeginSend(ulong endpoint, ulong contract, byte side, int message, out ulong block, out ulong handle, out uint size)
        {
            ulong b, h;
            uint n;
            int code = ChannelBeginSend(endpoint, contract, side, message, &b, &h, &n);
            block = b;
            handle = h;
            size = n;
            return code;
        }

        public override int Commit(ulong endpoint, ulong message) => ChannelCommit(endpoint, message);

        public override int Send(ulong endpoint, ulong contract, byte side, int message, ulong values, uint length)
            => ChannelSend(endpoint, contract, side, message, (byte*)values, length);

        public override int ReceiveValues(ulong endpoint, ulong contract, byte side, int message, ulong values, uint length)
            => ChannelReceiveValues(endpoint, contract, side, message, (byte*)values, length);

        public override int Receive(ulong endpoint, ulong contract, byte side, int message, out ulong block, out ulong handle, out int arrived)
        {
            ulong b, h;
            int a;
            int code = ChannelReceive(endpoint, contract, side, message, &b, &h, &a);
            block = b;
            handle = h;
            arrived = a;
            return code;
        }

        public override int WaitNext(ulong endpoint, ulong contract, byte side, long timeoutNanoseconds, out int next)
        {
            int n;
            int code = ChannelWaitNext(endpoint, contract, side, timeoutNanoseconds, &n);
            next = n;
            return code;
        }

        public override int Close(ulong endpoint, ulong contract, byte side) => ChannelClose(endpoint, contract, side);

        public override int Query(ulong endpoint, ulong contract, byte side, out int state, out bool closed)
        {
            int s, c;
            int code = ChannelQuery(endpoint, contract, side, &s, &c);
            state = s;
            closed = c != 0;
            return code;
        }

        public override int AllocateArray(int elementSize, int count, out ulong handle)
        {
            ulong h;
            int code = ChannelAllocateArray(elementSize, count, &h);
            handle = h;
            return code;
        }

        public override int Resolve(ulong handle, out ulong address, out uint count)
        {
            ulong a;
            uint n;
            int code = ChannelResolve(handle, &a, &n);
            address = a;
            count = n;
            return code;
        }

        public override int Free(ulong handle) => ChannelFree(handle);

        public override bool IsLive(ulong handle) => ChannelIsLive(handle) != 0;

        public override int StartupEndpoint(int index, out ulong endpoint)
        {
            ulong e;
            int code = ChannelStartupEndpoint(index, &e);
            endpoint = e;
            return code;
        }

        public override int Register(string path, ulong contract, out int registration)
        {
            int r;
            int code;
            fixed (char* p = path) code = NamespaceRegister(p, path.Length, contract, &r);
            registration = r;
            return code;
        }

        public override int Accept(int registration, long timeoutNanoseconds, out ulong endpoint)
        {
            ulong e;
            int code = NamespaceAccept(registration, timeoutNanoseconds, &e);
            endpoint = e;
            return code;
        }

        public override int Bind(string path, ulong contract, ulong exporter)
        {
            fixed (char* p = path) return NamespaceBind(p, path.Length, contract, exporter);
        }

        public override int Unregister(int registration) => NamespaceUnregister(registration);

        // ---- Contracts a process brings (helios_channel_declare_contract). ----
        public override int DeclareContract(byte[] declaration)
        {
            fixed (byte* d = declaration) return ChannelDeclareContract(d, declaration.Length);
        }

        public override string LastError()
        {
            var text = new char[256];
            while (true)
            {
                int length;
                fixed (char* t = text) length = ChannelLastError(t, text.Length);
                if (length <= text.Length) return new string(text, 0, length);
                text = new char[length];
            }
        }

        // ---- Select (switch receive) ----

        public override int Select(SelectArm* arms, int count, long timeoutNanoseconds, out int chosen)
        {
            int c;
            int code = ChannelSelect(arms, count, timeoutNanoseconds, &c);
            chosen = c;
            return code;
        }

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_select")]
        private static extern int ChannelSelect(SelectArm* arms, int count, long timeoutNanoseconds, int* chosen);

        // ---- end Select ----

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_abi_version")]
        private static extern int AbiVersionOfKernel();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_create")]
        private static extern int ChannelCreate(ulong contract, ulong* importer, ulong* exporter);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_begin_send")]
        private static extern int ChannelBeginSend(ulong endpoint, ulong contract, int side, int message, ulong* block, ulong* handle, uint* size);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_commit")]
        private static extern int ChannelCommit(ulong endpoint, ulong message);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_send")]
        private static extern int ChannelSend(ulong endpoint, ulong contract, int side, int message, byte* values, uint length);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_receive")]
        private static extern int ChannelReceive(ulong endpoint, ulong contract, int side, int message, ulong* block, ulong* handle, int* arrived);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_receive_values")]
        private static extern int ChannelReceiveValues(ulong endpoint, ulong contract, int side, int message, byte* values, uint length);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_wait_next")]
        private static extern int ChannelWaitNext(ulong endpoint, ulong contract, int side, long timeoutNanoseconds, int* next);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_close")]
        private static extern int ChannelClose(ulong endpoint, ulong contract, int side);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_query")]
        private static extern int ChannelQuery(ulong endpoint, ulong contract, int side, int* state, int* closed);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_allocate_array")]
        private static extern int ChannelAllocateArray(int elementSize, int count, ulong* handle);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_resolve")]
        private static extern int ChannelResolve(ulong handle, ulong* address, uint* count);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_free")]
        private static extern int ChannelFree(ulong handle);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_is_live")]
        private static extern int ChannelIsLive(ulong handle);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_startup_endpoint")]
        private static extern int ChannelStartupEndpoint(int index, ulong* endpoint);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_namespace_register")]
        private static extern int NamespaceRegister(char* path, int length, ulong contract, int* registration);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_namespace_accept")]
        private static extern int NamespaceAccept(int registration, long timeoutNanoseconds, ulong* endpoint);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_namespace_bind")]
        private static extern int NamespaceBind(char* path, int length, ulong contract, ulong exporter);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_namespace_unregister")]
        private static extern int NamespaceUnregister(int registration);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_declare_contract")]
        private static extern int ChannelDeclareContract(byte* declaration, int length);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_channel_last_error")]
        private static extern int ChannelLastError(char* buffer, int capacity);
    }
}
