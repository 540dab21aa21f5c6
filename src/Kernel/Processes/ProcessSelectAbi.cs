// Select (Sing#'s switch receive) from a process: helios_channel_select takes the process's cases as SelectArms,
// rebuilds them as SelectCases (each contract by id: ContractInfo.Find) and runs Helios.Channels.Select on the
// calling thread, as the process's owner, so the cases mean exactly what they mean on a kernel thread and every
// endpoint is checked to be the process's. The wait is the kernel's WaitDispatcher.WaitAny over the endpoints'
// signals. Failures become ChannelErrors codes (ProcessChannelAbi.Fail), thrown in the process.
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
                var select = new ChannelSelect();
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
                }
                *chosen = select.Wait(timeoutNanoseconds);
                code = 0;
            }
            catch (Exception e)
            {
                code = ProcessChannelAbi.Fail(e);
            }
            Process.DieIfKilled(0);
            return code;
        }
    }
}
