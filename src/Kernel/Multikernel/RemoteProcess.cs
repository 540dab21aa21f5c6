// A process started on another kernel (docs/multikernel.md, "Processes on any kernel"): bind to /kernels/<id>, a
// private control channel to that kernel, ask it to launch an app of its boot bundle with arguments, and wait on the
// same channel for the exit code. Its output appears on the machine's console under its name, tagged with its kernel.
// The kernel named may be this one: the bind is then local and nothing crosses a link.
using System;
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Channels;
using Helios.Kernel.Namespace;
using Message = Helios.Contracts.KernelControlContract.Descriptor.Message;

namespace Helios.Kernel.Multikernel
{
    public sealed class RemoteProcess
    {
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
        /// refuses (no such app, a bad image) is a NamespaceException with its reason.
        /// </summary>
        public static RemoteProcess Launch(int kernel, string app, string[] arguments)
        {
            return KernelControl.AsKernel(() =>
            {
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
                try
                {
                    control.SendLaunch(KernelText.Chars(app), KernelText.Chars(string.Join("\0", arguments ?? new string[0])));
                    if (control.WaitNext() == Message.Failed)
                    {
                        control.ReceiveFailed(out ExArray<char> reason);
                        throw new NamespaceException("k" + kernel.ToString() + " cannot start " + app + ": " + KernelText.Take(reason));
                    }
                    control.ReceiveLaunched(out int id);
                    return new RemoteProcess(kernel, app, control, id);
                }
                catch (Exception)
                {
                    control.Close();
                    throw;
                }
            });
        }

        /// <summary>Waits for the process to end: its exit code, and whether it was killed.</summary>
        public (int Code, bool Killed) Wait()
        {
            return KernelControl.AsKernel(() =>
            {
                try
                {
                    _control.SendWait(Id);
                    if (_control.WaitNext() == Message.Failed)
                    {
                        _control.ReceiveFailed(out ExArray<char> reason);
                        throw new NamespaceException(KernelText.Take(reason));
                    }
                    _control.ReceiveExited(out int code, out bool killed);
                    return (code, killed);
                }
                catch (ChannelClosedException)
                {
                    throw new NamespaceException("k" + Kernel.ToString() + " went away before " + App + " (pid " + Id.ToString() + ") ended");
                }
                finally
                {
                    _control.Close();
                }
            });
        }
    }
}
