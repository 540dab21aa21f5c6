// One case of a select as it crosses the process ABI (helios_channel_select): the endpoint handle, the contract's
// id, the side and the message (or SelectCase.AnyMessage / ClosedChannel). A process's Select passes an array of
// these; the kernel rebuilds the cases from them (ContractInfo.Find) and runs the same Select. Blittable, 24 bytes,
// the same layout in the process's and the kernel's copy of this assembly.
using System.Runtime.InteropServices;

namespace Helios.Channels
{
    [StructLayout(LayoutKind.Sequential)]
    public struct SelectArm
    {
        public ulong Endpoint;
        public ulong Contract;
        public int Side;
        public int Message;
    }
}
