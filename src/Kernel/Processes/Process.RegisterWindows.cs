// The device register ranges a driver process was granted (ProcessDeviceAbi), named by their index. They are only
// descriptions of memory the kernel maps anyway, so nothing is given back when the process ends.
using System.Collections.Generic;
using Helios.Kernel.Devices;
using Helios.Kernel.Devices.Pci;

namespace Helios.Kernel.Processes
{
    public sealed partial class Process
    {
        private readonly List<(RegisterWindow Window, PciFunction Function)> _registerWindows = new List<(RegisterWindow, PciFunction)>();

        internal int AddRegisterWindow(RegisterWindow window, PciFunction function)
        {
            lock (_registerWindows)
            {
                _registerWindows.Add((window, function));
                return _registerWindows.Count - 1;
            }
        }

        /// <summary>The window a handle names, or false for a handle the process was never given.</summary>
        internal bool TryGetRegisterWindow(int handle, out RegisterWindow window, out PciFunction function)
        {
            lock (_registerWindows)
            {
                if (handle >= 0 && handle < _registerWindows.Count)
                {
                    (window, function) = _registerWindows[handle];
                    return true;
                }
            }
            window = null;
            function = null;
            return false;
        }
    }
}
