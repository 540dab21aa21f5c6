// The device interrupts a driver process was granted (ProcessDeviceAbi.InterruptOpen), named by their index. When the
// process ends, however it ends, each is masked at its device and its interrupt number given back, so a device never
// interrupts on behalf of a driver that is gone (and a new driver may take the vector).
using System.Collections.Generic;
using Helios.Kernel.Devices;
using Helios.Kernel.Devices.Pci;

namespace Helios.Kernel.Processes
{
    public sealed partial class Process
    {
        private readonly List<DeviceInterrupt> _interrupts = new List<DeviceInterrupt>();

        internal int AddInterrupt(DeviceInterrupt interrupt)
        {
            lock (_interrupts)
            {
                _interrupts.Add(interrupt);
                return _interrupts.Count - 1;
            }
        }

        /// <summary>The handle of the process's interrupt for vector of function, or -1.</summary>
        internal int FindInterrupt(PciFunction function, int vector)
        {
            lock (_interrupts)
                for (int i = 0; i < _interrupts.Count; i++)
                    if (_interrupts[i] is not null && _interrupts[i].Function == function && _interrupts[i].Vector == vector) return i;
            return -1;
        }

        /// <summary>The interrupt a handle names, or null for a handle the process was never given.</summary>
        internal DeviceInterrupt GetInterrupt(int handle)
        {
            lock (_interrupts) return handle >= 0 && handle < _interrupts.Count ? _interrupts[handle] : null;
        }

        private void ReleaseInterrupts()
        {
            lock (_interrupts)
            {
                for (int i = 0; i < _interrupts.Count; i++)
                {
                    _interrupts[i]?.Release();
                    _interrupts[i] = null;
                }
            }
        }
    }
}
