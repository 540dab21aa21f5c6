// Select (Sing#'s switch receive) from a process: helios_channel_select takes the process's cases as SelectArms,
// rebuilds them as SelectCases (each contract by id: ContractInfo.Find) and runs Helios.Channels.Select on the
// calling thread, as the process's owner, so the cases mean exactly what they mean on a kernel thread and every
// endpoint is checked to be the process's. The wait is the kernel's WaitDispatcher.WaitAny over the endpoints'
// signals. Failures become ChannelErrors codes (ProcessChannelAbi.Fail), thrown in the process. The last call's
// Select is kept on the process and reused while the cases stay the same.
using System;
using Helios.Channels;
using ChannelSelect = Helios.Channels.Select;

namespace Helios.Kernel.Processes
{
    internal static unsafe class ProcessSelectAbi
    {
        internal static int Select(SelectArm* arms, int count, long timeoutNanoseconds, int* chosen)
        {
            int code;
            try
            {
                if (count < 0 || count > ChannelSelect.MaxProcessCases)
                    throw new ChannelException("a select in a process takes 0 to " + ChannelSelect.MaxProcessCases.ToString()
                        + " cases, not " + count.ToString());
                *chosen = SelectFor(Process.Current, arms, count).Wait(timeoutNanoseconds);
                code = 0;
            }
            catch (Exception e)
            {
                code = ProcessChannelAbi.Fail(e);
            }
            Process.DieIfKilled(0);
            return code;
        }

        // A process usually waits on the same cases again and again (a server's loop): the Select of its last call, with
        // its wait list, serves while the cases are the same (a handle names one endpoint for its whole life). One cache
        // per process: a process has one thread today (threads of its own will want one per thread).
        private static ChannelSelect SelectFor(Process process, SelectArm* arms, int count)
        {
            var cached = process.SelectCache as Cached;
            if (cached is not null && cached.Arms.Length == count)
            {
                int same = 0;
                while (same < count && Same(cached.Arms[same], arms[same])) same++;
                if (same == count) return cached.Select;
            }
            var select = new ChannelSelect();
            var copy = new SelectArm[count];
            for (int i = 0; i < count; i++)
            {
                SelectArm arm = arms[i];
                if (arm.Side != ContractInfo.Importer && arm.Side != ContractInfo.Exporter)
                    throw new ChannelException("select case " + i.ToString() + ": side " + arm.Side.ToString() + " is neither importer nor exporter");
                if (arm.Message < SelectCase.ClosedChannel)
                    throw new ChannelException("select case " + i.ToString() + ": message " + arm.Message.ToString() + " is not a message, any or closed");
                ContractInfo contract = ProcessChannelAbi.Contract(arm.Contract);
                if (arm.Message >= contract.MessageCount)
                    throw new ChannelException("select case " + i.ToString() + ": " + contract.Name + " has no message " + arm.Message.ToString());
                select.Add(new SelectCase(arm.Endpoint, contract, (byte)arm.Side, arm.Message));
                copy[i] = arm;
            }
            process.SelectCache = new Cached { Arms = copy, Select = select };
            return select;
        }

        private static bool Same(SelectArm a, SelectArm b)
            => a.Endpoint == b.Endpoint && a.Contract == b.Contract && a.Side == b.Side && a.Message == b.Message;

        private sealed class Cached
        {
            public SelectArm[] Arms;
            public ChannelSelect Select;
        }
    }
}
