// A process started on another kernel (docs/multikernel.md, "Processes on any kernel"): bind to /kernels/<id>, a
// private control channel to that kernel, ask it to launch an app of its boot bundle with arguments, and wait on the
// same channel for the exit code; the channel is then kept for the next launch to that kernel. Its output appears
// on the machine's console under its name, tagged with its kernel.
// The kernel named may be this one: the bind is then local and nothing crosses a link.
using System;
using System.Collections.Generic;
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Channels;
using Helios.Kernel.Namespace;
using Helios.Satellite.Links;
using Message = Helios.Contracts.KernelControlContract.Descriptor.Message;

namespace Helios.Kernel.Multikernel
{
    public sealed class RemoteProcess
    {
        private const int MaxIdlePerKernel = 2;
        private static readonly object s_idleLock = new object();
        private static readonly Dictionary<int, List<ulong>> s_idle = new Dictionary<int, List<ulong>>();

        private readonly KernelControlContract.Imp _control;

        private RemoteProcess(int kernel, string app, KernelControlContract.Imp control, int id)
        {
            Kernel = kernel;
            App = app;
            _control = control;
            Id = id;
        }

        public int Kernel { get; }

        public string App { get; }

        /// <summary>Its process id on its kernel.</summary>
        public int Id { get; }

        /// <summary>
        /// Starts app (of the boot bundle) with arguments on kernel. A kernel that does not exist, is not reachable or
        /// refuses (no such app, a bad image) is a NamespaceException with its reason. With input (the reader end of a
        /// new pipe, the kernel's, given up whatever happens), the process reads what is written to the other end.
        /// </summary>
        public static RemoteProcess Launch(int kernel, string app, string[] arguments) => Launch(kernel, app, arguments, default);

        /// <inheritdoc cref="Launch(int, string, string[])"/>
        public static RemoteProcess Launch(int kernel, string app, string[] arguments, PipeContract.Exp input)
        {
            bool hasInput = input.Handle != 0;
            return KernelControl.AsKernel(() =>
            {
                if (hasInput && kernel == KernelRole.Id)
                {
                    input.Close();
                    throw new NamespaceException("a stdin goes to a process on another kernel; here, Process.SetStandardInput gives one");
                }
                KernelControlContract.Imp control;
                try
                {
                    control = TakeControl(kernel);
                }
                catch (Exception)
                {
                    if (hasInput) input.Close();
                    throw;
                }
                bool launched = false;
                try
                {
                    uint channel = hasInput ? MoveInput(kernel, input) : 0;
                    ExArray<char> name = KernelText.Chars(app), words = KernelText.Chars(string.Join("\0", arguments ?? new string[0]));
                    if (!hasInput) control.SendLaunch(name, words);
                    else control.SendLaunchWithInput(name, words, KernelRole.Id, (int)channel);
                    if (control.WaitNext() == Message.Failed)
                    {
                        control.ReceiveFailed(out ExArray<char> reason);
                        throw new NamespaceException("k" + kernel.ToString() + " cannot start " + app + ": " + KernelText.Take(reason));
                    }
                    control.ReceiveLaunched(out int id);
                    launched = true;
                    return new RemoteProcess(kernel, app, control, id);
                }
                catch (ChannelClosedException)
                {
                    throw new NamespaceException("k" + kernel.ToString() + " went away while starting " + app);
                }
                finally
                {
                    if (!launched) control.Close();
                }
            });
        }

        // A private control channel to kernel: an idle one kept from an earlier launch, or a new bind to /kernels/<id>.
        // A bind is a directory lookup, a round trip on the link's control channel and a server thread on the far
        // kernel: without the reuse it was two thirds of remote_process_create_exit's cost beyond a local launch.
        private static KernelControlContract.Imp TakeControl(int kernel)
        {
            while (true)
            {
                ulong idle = 0;
                lock (s_idleLock)
                {
                    if (s_idle.TryGetValue(kernel, out List<ulong> kept) && kept.Count > 0)
                    {
                        idle = kept[kept.Count - 1];
                        kept.RemoveAt(kept.Count - 1);
                    }
                }
                if (idle == 0) break;
                var reused = new KernelControlContract.Imp(idle);
                if (!reused.IsClosed) return reused;
                reused.Close();                          // its kernel went away since (a dead satellite's links fail)
            }
            KernelControlContract.NewChannel(out KernelControlContract.Imp control, out KernelControlContract.Exp far);
            try
            {
                NameService.Bind(KernelNamespaceEntry.Path(kernel), KernelControlContract.Info, far.Handle);
            }
            catch (Exception)
            {
                control.Close();
                far.Close();
                throw;
            }
            return control;
        }

        // A channel back in the Ready state after its process ended: kept for the next launch, a few per kernel (each
        // holds a server thread there).
        private static void ReturnControl(int kernel, KernelControlContract.Imp control)
        {
            lock (s_idleLock)
            {
                if (!s_idle.TryGetValue(kernel, out List<ulong> kept)) s_idle[kernel] = kept = new List<ulong>();
                if (kept.Count < MaxIdlePerKernel)
                {
                    kept.Add(control.Handle);
                    return;
                }
            }
            control.Close();
        }

        // The reader end goes over the link to kernel, held there by its number until the launch takes it (as a
        // bind's end is). The control channel's bind just crossed the same link, so it is up.
        private static uint MoveInput(int kernel, PipeContract.Exp input)
        {
            Link link = KernelLinks.To(kernel);
            if (link is null)
            {
                input.Close();
                throw new NamespaceException(KernelRole.Name + " has no link to k" + kernel.ToString() + " to carry a stdin");
            }
            try
            {
                return link.Export(input.Handle, ExchangeHeap.Current.Host.CurrentOwner);
            }
            catch (ChannelException e)
            {
                input.Close();
                throw new NamespaceException("cannot move a stdin to k" + kernel.ToString() + ": " + e.Message);
            }
        }

        /// <summary>Waits for the process to end: its exit code, and whether it was killed.</summary>
        public (int Code, bool Killed) Wait()
        {
            return KernelControl.AsKernel(() =>
            {
                bool ended = false;
                try
                {
                    _control.SendWait(Id);
                    if (_control.WaitNext() == Message.Failed)
                    {
                        _control.ReceiveFailed(out ExArray<char> reason);
                        throw new NamespaceException(KernelText.Take(reason));
                    }
                    _control.ReceiveExited(out int code, out bool killed);
                    ended = true;
                    return (code, killed);
                }
                catch (ChannelClosedException)
                {
                    throw new NamespaceException("k" + Kernel.ToString() + " went away before " + App + " (pid " + Id.ToString() + ") ended");
                }
                finally
                {
                    // One place that gives the channel up: our runtime lets an exception thrown in one catch reach
                    // the next catch of the same try, so a close in each would close twice.
                    if (ended) ReturnControl(Kernel, _control);
                    else _control.Close();
                }
            });
        }
    }
}
