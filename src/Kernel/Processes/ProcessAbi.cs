// The kernel's side of the process ABI: every entry point a process image may import (src/Sip/Abi/Imports.inc), by
// name. The loader binds each import slot to one of these; a call from a process is an indirect call, nothing more,
// because processes run verified code in ring 0 in the kernel's address space (Singularity's design). Entries that
// mean the same for a process as for the kernel's own runtime are shared with RuntimeHostExports; the rest act on
// the calling process. None may throw: there is no kernel frame above a process's code to catch it.
using System;
using System.Collections.Generic;
using Helios.Kernel.Diagnostics;

namespace Helios.Kernel.Processes
{
    public static unsafe class ProcessAbi
    {
        private static Dictionary<string, nint> s_exports;

        /// <summary>The entry point of that name, or 0.</summary>
        public static nint Lookup(string name)
        {
            s_exports ??= Build();
            return s_exports.TryGetValue(name, out nint entry) ? entry : 0;
        }

        /// <summary>Every name a process may import.</summary>
        public static IEnumerable<string> Names
        {
            get
            {
                s_exports ??= Build();
                return s_exports.Keys;
            }
        }

        private static Dictionary<string, nint> Build() => new Dictionary<string, nint>
        {
            // The process's life and its console.
            ["helios_host_fail_fast"] = (nint)(delegate*<char*, int, void>)&FailFast,
            ["helios_host_unhandled_exception"] = (nint)(delegate*<char*, int, void>)&UnhandledException,
            ["helios_host_write"] = (nint)(delegate*<char*, int, void>)&Write,
            ["helios_host_exit"] = (nint)(delegate*<int, void>)&Exit,
            ["helios_host_process_id"] = (nint)(delegate*<int>)&RuntimeHostExports.ProcessId,
            // Its standard pipes (Process.StandardPipes.cs; the process side is src/Sip/StandardStreams.cs).
            ["helios_process_standard_endpoint"] = (nint)(delegate*<int, ulong>)&StandardEndpoint,
            // Memory.
            ["helios_host_grow_heap"] = (nint)(delegate*<nuint, nuint*, void*>)&GrowHeap,
            // Threads and synchronisation.
            ["helios_host_critical_enter"] = (nint)(delegate*<nuint>)&RuntimeHostExports.EnterCritical,
            ["helios_host_critical_leave"] = (nint)(delegate*<nuint, void>)&RuntimeHostExports.LeaveCritical,
            ["helios_host_thread_id"] = (nint)(delegate*<int>)&RuntimeHostExports.CurrentThreadId,
            ["helios_host_yield"] = (nint)(delegate*<void>)&Yield,
            ["helios_host_wait_on_address"] = (nint)(delegate*<long*, long, long, bool>)&WaitOnAddress,
            ["helios_host_wake_address"] = (nint)(delegate*<long*, void>)&RuntimeHostExports.WakeAddress,
            // Time.
            ["helios_host_timestamp"] = (nint)(delegate*<long>)&RuntimeHostExports.Timestamp,
            ["helios_host_timestamp_frequency"] = (nint)(delegate*<long>)&RuntimeHostExports.TimestampFrequency,
            // The collector's host: the process's own threads and heap (ProcessCollectorHost).
            ["helios_host_gc_suspend"] = (nint)(delegate*<bool>)&ProcessCollectorHost.Suspend,
            ["helios_host_gc_stop_here"] = (nint)(delegate*<void>)&ProcessCollectorHost.StopHere,
            ["helios_host_gc_resume"] = (nint)(delegate*<void>)&ProcessCollectorHost.Resume,
            ["helios_host_gc_next_stack"] = (nint)(delegate*<nuint*, nuint*, nuint*, bool>)&ProcessCollectorHost.NextStack,
            ["helios_host_gc_heap_limit"] = (nint)(delegate*<nuint>)&ProcessCollectorHost.HeapLimit,
            ["helios_host_release_heap"] = (nint)(delegate*<void*, nuint, void>)&ProcessCollectorHost.ReleaseHeap,
            ["helios_host_gc_progress"] = (nint)(delegate*<void>)&CollectorHostExports.Progress,

            // ---- Channels (ABI version 1): ProcessChannelAbi, the process side is src/Sip/SipChannelCalls.cs. ----
            ["helios_channel_abi_version"] = (nint)(delegate*<int>)&ProcessChannelAbi.AbiVersion,
            ["helios_channel_create"] = (nint)(delegate*<ulong, ulong*, ulong*, int>)&ProcessChannelAbi.Create,
            ["helios_channel_begin_send"] = (nint)(delegate*<ulong, ulong, int, int, ulong*, ulong*, uint*, int>)&ProcessChannelAbi.BeginSend,
            ["helios_channel_commit"] = (nint)(delegate*<ulong, ulong, int>)&ProcessChannelAbi.Commit,
            ["helios_channel_send"] = (nint)(delegate*<ulong, ulong, int, int, byte*, uint, int>)&ProcessChannelAbi.Send,
            ["helios_channel_receive"] = (nint)(delegate*<ulong, ulong, int, int, ulong*, ulong*, int*, int>)&ProcessChannelAbi.Receive,
            ["helios_channel_receive_values"] = (nint)(delegate*<ulong, ulong, int, int, byte*, uint, int>)&ProcessChannelAbi.ReceiveValues,
            ["helios_channel_wait_next"] = (nint)(delegate*<ulong, ulong, int, long, int*, int>)&ProcessChannelAbi.WaitNext,
            ["helios_channel_close"] = (nint)(delegate*<ulong, ulong, int, int>)&ProcessChannelAbi.Close,
            ["helios_channel_query"] = (nint)(delegate*<ulong, ulong, int, int*, int*, int>)&ProcessChannelAbi.Query,
            ["helios_channel_allocate_array"] = (nint)(delegate*<int, int, ulong*, int>)&ProcessChannelAbi.AllocateArray,
            ["helios_channel_resolve"] = (nint)(delegate*<ulong, ulong*, uint*, int>)&ProcessChannelAbi.Resolve,
            ["helios_channel_free"] = (nint)(delegate*<ulong, int>)&ProcessChannelAbi.Free,
            ["helios_channel_is_live"] = (nint)(delegate*<ulong, int>)&ProcessChannelAbi.IsLive,
            ["helios_channel_startup_endpoint"] = (nint)(delegate*<int, ulong*, int>)&ProcessChannelAbi.StartupEndpoint,
            ["helios_channel_last_error"] = (nint)(delegate*<char*, int, int>)&ProcessChannelAbi.LastError,
            ["helios_namespace_register"] = (nint)(delegate*<char*, int, ulong, int*, int>)&ProcessNamespaceAbi.Register,
            ["helios_namespace_accept"] = (nint)(delegate*<int, long, ulong*, int>)&ProcessNamespaceAbi.Accept,
            ["helios_namespace_bind"] = (nint)(delegate*<char*, int, ulong, ulong, int>)&ProcessNamespaceAbi.Bind,
            ["helios_namespace_unregister"] = (nint)(delegate*<int, int>)&ProcessNamespaceAbi.Unregister,
            // ---- Select (switch receive): ProcessSelectAbi. ----
            ["helios_channel_select"] = (nint)(delegate*<Helios.Channels.SelectArm*, int, long, int*, int>)&ProcessSelectAbi.Select,
            // ---- Contracts a process brings: ProcessContractAbi. ----
            ["helios_channel_declare_contract"] = (nint)(delegate*<byte*, int, int>)&ProcessContractAbi.Declare,
            // ---- Device registers a driver's manifest declares: ProcessDeviceAbi. ----
            ["helios_device_open"] = (nint)(delegate*<int, int, int, ulong*, int>)&ProcessDeviceAbi.Open,
            ["helios_device_read"] = (nint)(delegate*<int, ulong, int, ulong>)&ProcessDeviceAbi.Read,
            ["helios_device_write"] = (nint)(delegate*<int, ulong, int, ulong, void>)&ProcessDeviceAbi.Write,
            ["helios_device_read_config32"] = (nint)(delegate*<int, int, uint>)&ProcessDeviceAbi.ReadConfig32,
            ["helios_interrupt_open"] = (nint)(delegate*<int, int, int, int>)&ProcessDeviceAbi.InterruptOpen,
            ["helios_interrupt_wait"] = (nint)(delegate*<int, long, int>)&ProcessDeviceAbi.InterruptWait,
            ["helios_interrupt_count"] = (nint)(delegate*<int, ulong>)&ProcessDeviceAbi.InterruptCount,
            ["helios_dma_allocate"] = (nint)(delegate*<ulong, ulong*, int>)&ProcessDeviceAbi.DmaAllocate,
            ["helios_dma_copy"] = (nint)(delegate*<int, ulong, byte*, int, int, void>)&ProcessDeviceAbi.DmaCopy,
        };

        // A fail-fast includes the runtime running out of heap within the process's limit.
        private static void FailFast(char* message, int length)
            => Process.KillCurrent("fail fast: " + (length > 0 ? new string(message, 0, length) : "(no message)"));

        private static void UnhandledException(char* text, int length)
            => Process.KillCurrent("unhandled exception: " + new string(text, 0, length));

        private static void Write(char* text, int length)
        {
            if (length > 0) Process.Current.Write(new ReadOnlySpan<char>(text, length));
            Process.DieIfKilled(0);
        }

        // The calls that may block: a process killed meanwhile dies on the way back (0: "called from the process").
        private static void Yield()
        {
            RuntimeHostExports.Yield();
            Process.DieIfKilled(0);
        }

        private static bool WaitOnAddress(long* address, long expected, long timeoutNanoseconds)
        {
            bool woken = RuntimeHostExports.WaitOnAddress(address, expected, timeoutNanoseconds);
            Process.DieIfKilled(0);
            return woken;
        }

        private static ulong StandardEndpoint(int which) => Process.Current.StandardEndpoint(which);

        private static void Exit(int status) => Process.ExitCurrent(status);

        private static void* GrowHeap(nuint minimumSize, nuint* size) => Process.Current.GrowHeap(minimumSize, size);
    }
}
