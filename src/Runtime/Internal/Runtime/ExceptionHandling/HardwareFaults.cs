// The CPU faults C# turns into exceptions, as the host's trap handler names them to the image that faulted. The kernel
// raises them in its own code directly; in a process it calls the process's helios_raise_hardware_fault (its address is
// in the process header), because only the process's runtime can make the process's exception objects.
using System;
using System.Runtime;

namespace Internal.Runtime.ExceptionHandling
{
    public enum HardwareFault
    {
        None = 0,
        NullReference = 1,      // a load or store in the unmapped lowest pages
        DivideByZero = 2,
        Overflow = 3,           // int.MinValue / -1
    }

    public static unsafe class HardwareFaults
    {
        /// <summary>Raises the fault's exception as if the instruction at context.Ip had thrown it. Never returns.</summary>
        public static void Raise(HardwareFault fault, RegisterContext* context)
        {
            Exception exception = fault switch
            {
                HardwareFault.NullReference => new NullReferenceException(),
                HardwareFault.DivideByZero => new DivideByZeroException(),
                HardwareFault.Overflow => new OverflowException(),
                _ => null,
            };
            if (exception is null) RuntimeHost.FailFast("a hardware fault of unknown kind was raised");
            ExceptionDispatcher.RaiseHardwareException(exception, context);
        }

        [RuntimeExport("helios_raise_hardware_fault")]
        private static void RaiseExport(int fault, RegisterContext* context) => Raise((HardwareFault)fault, context);
    }
}
