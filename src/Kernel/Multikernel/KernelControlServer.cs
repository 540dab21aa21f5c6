// This kernel answering another (docs/multikernel.md, "One namespace"): one thread per KernelControlContract channel
// whose far end another kernel holds. A link's own control channel (from kernel `asker`) may use the directory, when
// this kernel is the coordinator, and bind; a private channel (a bind to /kernels/<id>, asker unknown) may describe
// this kernel and launch processes here. Every request is checked here as if a process had made it: a path by the
// namespace's rules, an app by the bundle; a refusal is Failed with the reason, and the channel goes on.
using System;
using System.Collections.Generic;
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Arch;
using Helios.Kernel.Channels;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Memory;
using Helios.Kernel.Namespace;
using Helios.Kernel.Processes;
using Helios.Satellite.Links;
using Thread = Helios.Kernel.Threading.Thread;
using Message = Helios.Contracts.KernelControlContract.Descriptor.Message;

namespace Helios.Kernel.Multikernel
{
    internal sealed class KernelControlServer
    {
        /// <summary>The asker of a private channel: the bind came through the namespace, from any kernel.</summary>
        internal const int Anyone = -1;

        private readonly KernelControlContract.Exp _client;
        private readonly int _asker;
        private readonly Dictionary<int, Process> _launched = new Dictionary<int, Process>();

        private KernelControlServer(ulong endpoint, int asker)
        {
            _client = new KernelControlContract.Exp(endpoint);
            _asker = asker;
        }

        /// <summary>Serves endpoint (the kernel's) in a thread of its own until the asking side closes it.</summary>
        internal static void Start(ulong endpoint, int asker)
        {
            var server = new KernelControlServer(endpoint, asker);
            new Thread(server.Serve, "control for " + (asker == Anyone ? "a client" : "k" + asker.ToString())).Start();
        }

        private void Serve()
        {
            try
            {
                while (_client.TryWaitNext(out Message next)) Answer(next);
            }
            catch (ChannelException)
            {
                // The asker broke the protocol or vanished mid-request: its channel is done, this kernel is not.
            }
            catch (Exception e)
            {
                // Out of memory in the middle of a request, say: that channel ends, the kernel goes on.
                KernelConsole.WriteLine("kernel: control channel " + (_asker == Anyone ? "of a client" : "from k" + _asker.ToString()) + " ended: " + e.Message);
            }
            _client.Close();
        }

        private void Answer(Message request)
        {
            switch (request)
            {
                case Message.Register:
                {
                    _client.ReceiveRegister(out ExArray<char> path, out long contract);
                    Reply(() => NameService.RegisterFor(Asker(), KernelText.Take(path), (ulong)contract));
                    break;
                }
                case Message.Remove:
                {
                    _client.ReceiveRemove(out ExArray<char> path);
                    Reply(() => NameService.RemoveFor(Asker(), KernelText.Take(path)));
                    break;
                }
                case Message.Resolve:
                {
                    _client.ReceiveResolve(out ExArray<char> path);
                    string text = KernelText.Take(path);
                    string refusal = Try(() =>
                    {
                        int asker = Asker();
                        try
                        {
                            (int kernel, ulong contract) = NameService.ResolveFor(asker, text);
                            _client.SendResolved(kernel, (long)contract);
                        }
                        catch (NamespaceException e) when (e.NothingRegistered)
                        {
                            _client.SendResolved(KernelControl.NothingRegistered, 0);     // an answer, not a refusal: the asker may wait
                        }
                    });
                    if (refusal is not null) _client.SendFailed(KernelText.Chars(refusal));
                    break;
                }
                case Message.List:
                {
                    _client.ReceiveList(out ExArray<char> prefix, out int index);
                    string text = KernelText.Take(prefix);
                    string refusal = Try(() =>
                    {
                        Asker();
                        List<(string Path, int Kernel)> all = NameService.ListWithKernels(text);
                        if ((uint)index < (uint)all.Count) _client.SendEntry(KernelText.Chars(all[index].Path), all[index].Kernel);
                        else _client.SendEndOfList();
                    });
                    if (refusal is not null) _client.SendFailed(KernelText.Chars(refusal));
                    break;
                }
                case Message.Bind:
                {
                    _client.ReceiveBind(out ExArray<char> path, out int channel);
                    string text = KernelText.Take(path);
                    string refusal = Try(() => Bind(text, (uint)channel));      // not answered: the client's end closed
                    if (refusal is not null)
                    {
                        s_lastBindRefusal = refusal;
                        System.Threading.Interlocked.Increment(ref s_bindsRefused);
                    }
                    break;
                }
                case Message.Describe:
                {
                    _client.ReceiveDescribe();
                    _client.SendDescription(KernelText.Chars(Platform.Current.IsaName), KernelRole.Domain, Cpus.Cpu.Count,
                        (long)(Frames.Allocator.TotalFrames * FrameAllocator.FrameSize), Threading.Scheduler.LoadPerMille);
                    break;
                }
                case Message.Launch:
                {
                    _client.ReceiveLaunch(out ExArray<char> app, out ExArray<char> arguments);
                    string name = KernelText.Take(app), joined = KernelText.Take(arguments);
                    string refusal = Try(() =>
                    {
                        Process process = Launch(name, joined);
                        _client.SendLaunched(process.Id);
                    });
                    if (refusal is not null) _client.SendFailed(KernelText.Chars(refusal));
                    break;
                }
                case Message.LaunchWithInput:
                {
                    _client.ReceiveLaunchWithInput(out ExArray<char> app, out ExArray<char> arguments, out int kernel, out int channel);
                    string name = KernelText.Take(app), joined = KernelText.Take(arguments);
                    string refusal = Try(() =>
                    {
                        Process process = Launch(name, joined, HeldInput(kernel, (uint)channel));
                        _client.SendLaunched(process.Id);
                    });
                    if (refusal is not null) _client.SendFailed(KernelText.Chars(refusal));
                    break;
                }
                case Message.Wait:
                {
                    _client.ReceiveWait(out int id);
                    if (!_launched.Remove(id, out Process process))
                    {
                        _client.SendFailed(KernelText.Chars("process " + id.ToString() + " was not launched through this channel, or was waited for"));
                        break;
                    }
                    process.Wait();
                    _client.SendExited(process.ExitCode, process.State == ProcessState.Killed);
                    break;
                }
            }
        }

        /// <summary>Binds from other kernels this kernel refused (their clients' ends closed), and the last one's reason.</summary>
        internal static long BindsRefused => System.Threading.Volatile.Read(ref s_bindsRefused);

        internal static string LastBindRefusal => s_lastBindRefusal;

        private static long s_bindsRefused;
        private static string s_lastBindRefusal;

        // The kernel that asked, for requests only a link's own control channel may make.
        private int Asker()
        {
            if (_asker == Anyone) throw new NamespaceException("the directory and binds are asked through a link's control channel, not /kernels");
            return _asker;
        }

        // A client on the asking kernel bound to path here: the end that kernel moved here is the client's channel.
        private void Bind(string path, uint channel)
        {
            Link link = KernelLinks.To(Asker());
            if (link is null || !link.TryTakeHeld(channel, out ulong endpoint, out ContractInfo contract))
                throw new NamespaceException("no channel " + channel.ToString() + " arrived from k" + _asker.ToString() + " to bind to " + path);
            NameService.BindArrived(path, contract, endpoint);
        }

        // The reader end of a pipe that kernel moved here over its link, held by its number there: a launch's stdin.
        private static ulong HeldInput(int kernel, uint channel)
        {
            Link link = KernelLinks.To(kernel);
            if (link is null || !link.TryTakeHeld(channel, out ulong endpoint, out ContractInfo contract))
                throw new NamespaceException("no channel " + channel.ToString() + " arrived from k" + kernel.ToString() + " to be a stdin");
            try
            {
                Channel.CheckEndpoint(endpoint, PipeContract.Info, ContractInfo.Exporter);
            }
            catch (Exception)
            {
                ExchangeHeap.Current.CloseEndpoint(endpoint, ExchangeHeap.Current.KernelOwner);
                throw;
            }
            return endpoint;
        }

        // An app of the boot bundle, started here with its output on this kernel's console under its name (the asking
        // kernel says it started it: a line here would cost every remote launch a console line), and its
        // stdin the pipe reader `input` (the kernel's; 0: an empty stdin).
        private Process Launch(string app, string joined, ulong input = 0)
        {
            string[] arguments = joined.Length == 0 ? null : joined.Split('\0');    // none: the manifest's own
            Process process;
            try
            {
                process = Apps.Create(app, arguments);
                if (input != 0) process.SetStandardInput(new PipeContract.Exp(input));
            }
            catch (Exception)
            {
                // Not given to a process: its end closes here, so the asking kernel's writer sees its channel closed.
                if (input != 0 && ExchangeHeap.Current.IsLive(input)) ExchangeHeap.Current.CloseEndpoint(input, ExchangeHeap.Current.KernelOwner);
                throw;
            }
            process.Start();
            _launched[process.Id] = process;
            return process;
        }

        private void Reply(Action work)
        {
            string refusal = Try(work);
            if (refusal is null) _client.SendDone();
            else _client.SendFailed(KernelText.Chars(refusal));
        }

        // Runs a request's work; a refusal (the namespace's, a channel's, the bundle's) is its message.
        private static string Try(Action work)
        {
            try
            {
                work();
                return null;
            }
            catch (NamespaceException e)
            {
                return e.Message;
            }
            catch (ProcessImageException e)
            {
                return e.Message;
            }
            catch (ChannelException e) when (e is not ChannelClosedException)
            {
                return e.Message;
            }
        }
    }
}
