// The namespace from a process (channel ABI version 1; the process side is Helios.Channels.ServiceNamespace over
// src/Sip/SipChannelCalls.cs): NameService run on the calling process's thread, as its exchange-heap owner. A
// process names its registrations by number (Process.Registrations); they are removed when it ends. Failures
// become ChannelErrors codes, as in ProcessChannelAbi.
using System;
using Helios.Kernel.Namespace;

namespace Helios.Kernel.Processes
{
    internal static unsafe class ProcessNamespaceAbi
    {
        internal static int Register(char* path, int length, ulong contract, int* registration)
        {
            try
            {
                Registration r = NameService.Register(new string(path, 0, length), ProcessChannelAbi.Contract(contract));
                *registration = Process.Current.AddRegistration(r);
                return 0;
            }
            catch (Exception e)
            {
                return ProcessChannelAbi.Fail(e);
            }
        }

        internal static int Accept(int registration, long timeoutNanoseconds, ulong* endpoint)
        {
            int code;
            try
            {
                *endpoint = Process.Current.RegistrationAt(registration).Accept(timeoutNanoseconds);
                code = 0;
            }
            catch (Exception e)
            {
                code = ProcessChannelAbi.Fail(e);
            }
            Process.DieIfKilled(0);
            return code;
        }

        internal static int Bind(char* path, int length, ulong contract, ulong exporter)
        {
            try
            {
                NameService.Bind(new string(path, 0, length), ProcessChannelAbi.Contract(contract), exporter);
                return 0;
            }
            catch (Exception e)
            {
                return ProcessChannelAbi.Fail(e);
            }
        }

        internal static int Unregister(int registration)
        {
            try
            {
                Process.Current.RegistrationAt(registration).Remove();
                return 0;
            }
            catch (Exception e)
            {
                return ProcessChannelAbi.Fail(e);
            }
        }
    }
}
