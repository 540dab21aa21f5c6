// DMA buffers of a driver process (ProcessDeviceAbi): physically contiguous, zeroed frames whose addresses the driver
// gives its device, counted against its heap limit, and freed with everything else it owned when it ends. Only a
// process whose manifest declares hardware gets them; the kernel turns on bus mastering of a device when its driver
// opens it and off again when the driver ends, before its frames are freed, so a device never writes into memory
// that has a new owner.
using System.Collections.Generic;
using Helios.Kernel.Devices.Pci;
using Helios.Kernel.Memory;

namespace Helios.Kernel.Processes
{
    public sealed partial class Process
    {
        private readonly List<(ulong Address, ulong Length)> _dmaBuffers = new List<(ulong, ulong)>();

        /// <summary>A handle to a new zeroed buffer of at least bytes, and its physical address; -1 when the heap limit or memory says no.</summary>
        internal int AllocateDma(ulong bytes, out ulong physical)
        {
            physical = 0;
            ulong rounded = (bytes + FrameAllocator.FrameSize - 1) & ~(FrameAllocator.FrameSize - 1);
            if (bytes == 0 || rounded < bytes || rounded > HeapLimit - HeapBytes) return -1;
            ulong count = rounded / FrameAllocator.FrameSize;
            ulong address = Frames.Allocate(count);
            if (address == 0) return -1;
            lock (_dmaBuffers)
            {
                _frames.Add((address, count));
                HeapBytes += rounded;
                _dmaBuffers.Add((address, bytes));
                physical = address;
                return _dmaBuffers.Count - 1;
            }
        }

        internal bool TryGetDmaBuffer(int handle, out ulong address, out ulong length)
        {
            lock (_dmaBuffers)
            {
                if (handle >= 0 && handle < _dmaBuffers.Count)
                {
                    (address, length) = _dmaBuffers[handle];
                    return true;
                }
            }
            address = length = 0;
            return false;
        }

        // At the end, before the frames go: no device of this driver may write to memory any more.
        private void StopDeviceDma()
        {
            lock (_registerWindows)
            {
                foreach ((_, PciFunction function) in _registerWindows)
                {
                    IPciConfigSpace space = PciDevices.ConfigSpaceOf(function);
                    uint command = space.Read32(function.Bus, function.Device, function.Function, PciScanner.CommandRegister);
                    space.Write32(function.Bus, function.Device, function.Function, PciScanner.CommandRegister, command & 0xFFFF & ~PciScanner.CommandBusMaster);
                }
            }
        }
    }
}
