// This kernel asking another (docs/multikernel.md, "One namespace"): each link carries, each way, one channel of
// KernelControlContract opened when the link comes up; this kernel's end of its own is here. A satellite asks the
// coordinator's directory through it (register, remove, resolve, list), and any kernel tells the kernel of a service
// that a client's channel arrived there for it (bind). One request at a time per link: callers take turns. The far
// kernel serves them (KernelControlServer.cs).
//
// The channels are the kernel's, but the callers are often a process's threads in a namespace call: each request runs
// as the kernel's exchange-heap owner (AsKernel) so the process never holds, and cannot misuse, the kernel's end.
using System;
using System.Collections.Generic;
using Helios.Channels;
using Helios.Kernel.Channels;
using Helios.Contracts;
using Helios.Kernel.Namespace;
using Helios.Satellite.Links;
using Helios.Satellite.Boot;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Multikernel
{
    public static class KernelControl
    {
        private static readonly ulong[] s_channels = new ulong[MachinePage.MaxKernels];
        private static readonly object[] s_turns = new object[MachinePage.MaxKernels];

        /// <summary>When link comes up: this kernel's control channel to the far kernel (its far end is served there).</summary>
        internal static void Open(Link link)
        {
            s_turns[link.FarKernel] = new object();
            s_channels[link.FarKernel] = link.Open(KernelControlContract.Info, ContractInfo.Importer, ExchangeHeap.Current.KernelOwner);
        }

        /// <summary>Whether this kernel has a control channel to kernel far (they are linked).</summary>
        public static bool Reaches(int far) => (uint)far < (uint)s_turns.Length && s_turns[far] is not null;

        /// <summary>Registers path (speaking contract) for a service of this kernel in the coordinator's directory.</summary>
        public static void Register(string path, ulong contract) => Ask(0, client =>
        {
            client.SendRegister(KernelText.Chars(path), (long)contract);
            return Done(client);
        });

        /// <summary>Takes path, registered by this kernel, out of the coordinator's directory.</summary>
        public static void Remove(string path) => Ask(0, client =>
        {
            client.SendRemove(KernelText.Chars(path));
            return Done(client);
        });

        /// <summary>Resolved's kernel when nothing is registered at the path.</summary>
        internal const int NothingRegistered = -1;

        /// <summary>The kernel that runs the service at path, and its contract, from the coordinator's directory.</summary>
        public static (int Kernel, ulong Contract) Resolve(string path) => Ask(0, client =>
        {
            client.SendResolve(KernelText.Chars(path));
            if (client.WaitNext() == KernelControlContract.Descriptor.Message.Failed) throw Refused(client);
            client.ReceiveResolved(out int kernel, out long contract);
            if (kernel == NothingRegistered) throw NamespaceException.NothingAt(path);
            return (kernel, (ulong)contract);
        });

        /// <summary>The coordinator's directory at or under prefix: paths and their kernels, in ordinal order.</summary>
        public static List<(string Path, int Kernel)> List(string prefix) => Ask(0, client =>
        {
            var found = new List<(string, int)>();
            for (int index = 0; ; index++)
            {
                client.SendList(KernelText.Chars(prefix), index);
                KernelControlContract.Descriptor.Message answer = client.WaitNext();
                if (answer == KernelControlContract.Descriptor.Message.Failed) throw Refused(client);
                if (answer == KernelControlContract.Descriptor.Message.EndOfList)
                {
                    client.ReceiveEndOfList();
                    return found;
                }
                client.ReceiveEntry(out ExArray<char> path, out int kernel);
                found.Add((KernelText.Take(path), kernel));
            }
        });

        /// <summary>What kernel k says of itself through /kernels/k: platform, domain, CPUs, memory (bytes), load (per mille).</summary>
        public static KernelDescription Describe(int k) => AsKernel(() =>
        {
            KernelControlContract.NewChannel(out KernelControlContract.Imp control, out KernelControlContract.Exp far);
            try
            {
                NameService.Bind(KernelNamespaceEntry.Path(k), KernelControlContract.Info, far.Handle);
                control.SendDescribe();
                if (control.WaitNext() == KernelControlContract.Descriptor.Message.Failed) throw Refused(control);
                control.ReceiveDescription(out ExArray<char> platform, out int domain, out int cpus, out long memory, out int load);
                return new KernelDescription(KernelText.Take(platform), domain, cpus, memory, load);
            }
            catch (ChannelClosedException)
            {
                throw new NamespaceException("k" + k.ToString() + " no longer answers");
            }
            finally
            {
                control.Close();
                if (ExchangeHeap.Current.IsLive(far.Handle)) far.Close();      // still here when the bind failed
            }
        });

        /// <summary>
        /// Tells kernel far that the end it holds as channel (moved there by Link.Export) is a client of path. The
        /// request is not answered: what the client sends next goes onto the same ring behind it and waits at the end
        /// over there until the service takes it, so a bind and its first request cross once each way. A refusal there
        /// (the service went since the directory was asked) closes that end, so the client sees its channel closed;
        /// that kernel counts it (KernelControlServer.BindsRefused).
        /// </summary>
        public static void Bind(int far, string path, uint channel)
        {
            object turn = Turn(far);
            lock (turn)
            {
                // Written out rather than through Ask and AsKernel: no closures on the path of every remote bind.
                Thread thread = Thread.Current;
                ExOwner owner = thread.ChannelOwner;
                thread.ChannelOwner = null;
                try
                {
                    new KernelControlContract.Imp(s_channels[far]).SendBind(KernelText.Chars(path), (int)channel);
                }
                catch (ChannelClosedException)
                {
                    throw NoLongerAnswers(far);
                }
                finally
                {
                    thread.ChannelOwner = owner;
                }
            }
        }

        private static object Turn(int far)
        {
            object turn = (uint)far < (uint)s_turns.Length ? s_turns[far] : null;
            if (turn is null) throw new NamespaceException("no link to k" + far.ToString() + " (no such kernel on this machine)");
            return turn;
        }

        private static NamespaceException NoLongerAnswers(int far) => new NamespaceException("k" + far.ToString() + " no longer answers (its control channel closed)");

        // One request of this kernel to kernel far, in turn with the others, as the kernel's owner. A link that is down
        // or a channel the far kernel closed is a NamespaceException naming the kernel.
        private static T Ask<T>(int far, Func<KernelControlContract.Imp, T> request)
        {
            object turn = Turn(far);
            lock (turn)
            {
                return AsKernel(() =>
                {
                    var client = new KernelControlContract.Imp(s_channels[far]);
                    try
                    {
                        return request(client);
                    }
                    catch (ChannelClosedException)
                    {
                        throw NoLongerAnswers(far);
                    }
                });
            }
        }

        /// <summary>Runs work as the kernel's exchange-heap owner, whoever's thread this is.</summary>
        internal static T AsKernel<T>(Func<T> work)
        {
            Thread thread = Thread.Current;
            ExOwner owner = thread.ChannelOwner;
            thread.ChannelOwner = null;
            try
            {
                return work();
            }
            finally
            {
                thread.ChannelOwner = owner;
            }
        }

        // The answer Done, or the far kernel's refusal. The caller waits for Done itself, so that its arrival is received
        // for it (no message block, one lock: Channel.ReceiveValues); a Failed stays queued and is read then.
        private static bool Done(KernelControlContract.Imp client)
        {
            try
            {
                client.ReceiveDone();
            }
            catch (UnexpectedMessageException)
            {
                throw Refused(client);
            }
            return true;
        }

        // The far kernel's refusal, in its words.
        private static NamespaceException Refused(KernelControlContract.Imp client)
        {
            client.ReceiveFailed(out ExArray<char> reason);
            return new NamespaceException(KernelText.Take(reason));
        }
    }
}
