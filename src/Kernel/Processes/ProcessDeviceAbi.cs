// Device registers from a driver process (the process side is src/Sip/DeviceRegisters.cs). A driver gets a register
// window of a BAR its manifest declares (DeviceGrants) and reads and writes it through the kernel, which checks every
// access against the window (RegisterWindow.Check). Anything else, a device or BAR not declared, a register outside
// the window, a handle never given, kills the driver with the reason, as any fault does: the kernel and every other
// process go on. A declared device the machine lacks is an answer (-1), not a fault.
using Helios.Kernel.Arch;
using Helios.Kernel.Devices;
using Helios.Kernel.Devices.Pci;

namespace Helios.Kernel.Processes
{
    internal static unsafe class ProcessDeviceAbi
    {
        private const int ConfigSpaceSize = 4096;

        /// <summary>A handle (0 or more) to BAR bar of vendor:device and its length, or -1 when the machine has no such device.</summary>
        internal static int Open(int vendorId, int deviceId, int bar, ulong* length)
        {
            Process process = Process.Current;
            string refusal = DeviceGrants.Grant(process.Manifest, PciDevices.All, (ushort)vendorId, (ushort)deviceId, bar,
                out RegisterWindow window, out PciFunction function, out bool absent);
            if (absent) return -1;
            if (refusal is not null) Refuse(refusal);
            *length = window.Length;
            // Its driver may now give it DMA buffers (Process.Dma.cs turns this off again when the driver ends).
            IPciConfigSpace space = PciDevices.ConfigSpaceOf(function);
            uint command = space.Read32(function.Bus, function.Device, function.Function, PciScanner.CommandRegister);
            space.Write32(function.Bus, function.Device, function.Function, PciScanner.CommandRegister,
                (command & 0xFFFF) | PciScanner.CommandMemorySpace | PciScanner.CommandBusMaster);
            return process.AddRegisterWindow(window, function);
        }

        internal static ulong Read(int handle, ulong offset, int width)
        {
            ulong address = Checked(handle, offset, width);
            return width switch
            {
                1 => Mmio.Read8(address),
                2 => Mmio.Read16(address),
                4 => Mmio.Read32(address),
                _ => Mmio.Read64(address),
            };
        }

        internal static void Write(int handle, ulong offset, int width, ulong value)
        {
            ulong address = Checked(handle, offset, width);
            switch (width)
            {
                case 1: Mmio.Write8(address, (byte)value); break;
                case 2: Mmio.Write16(address, (ushort)value); break;
                case 4: Mmio.Write32(address, (uint)value); break;
                default: Mmio.Write64(address, value); break;
            }
        }

        /// <summary>A 32-bit register of the granted function's configuration space, read only (virtio finds its
        /// register blocks through capabilities there).</summary>
        internal static uint ReadConfig32(int handle, int offset)
        {
            if (!Process.Current.TryGetRegisterWindow(handle, out RegisterWindow window, out PciFunction function))
                Refuse("register window " + handle.ToString() + " was never granted");
            if (offset < 0 || offset > ConfigSpaceSize - 4 || (offset & 3) != 0)
                Refuse("configuration register 0x" + offset.ToString("x") + " of " + window.Name + " is outside its 4 KiB or not 4-byte aligned");
            return PciDevices.ConfigSpaceOf(function).Read32(function.Bus, function.Device, function.Function, offset);
        }

        /// <summary>A zeroed DMA buffer's handle and physical address, or -1 when the heap limit or memory says no.</summary>
        internal static int DmaAllocate(ulong bytes, ulong* physical)
        {
            Process process = Process.Current;
            if (process.Manifest.PciDevices.Count == 0)
                Refuse(process.Name + "'s manifest declares no hardware, so it has no DMA buffers");
            int handle = process.AllocateDma(bytes, out ulong address);
            *physical = address;
            return handle;
        }

        /// <summary>Copies count bytes between the process's memory and its DMA buffer at offset (toBuffer: into the buffer).</summary>
        internal static void DmaCopy(int handle, ulong offset, byte* data, int count, int toBuffer)
        {
            if (!Process.Current.TryGetDmaBuffer(handle, out ulong address, out ulong length))
                Refuse("DMA buffer " + handle.ToString() + " was never allocated");
            if (count < 0 || offset > length || (ulong)count > length - offset)
                Refuse(count.ToString() + " bytes at 0x" + offset.ToString("x") + " are outside DMA buffer " + handle.ToString() + ", which has " + length.ToString() + " bytes");
            var buffer = new System.Span<byte>((byte*)(address + offset), count);
            var process = new System.Span<byte>(data, count);
            if (toBuffer != 0) process.CopyTo(buffer);
            else buffer.CopyTo(process);
            System.Threading.Interlocked.MemoryBarrier();   // the device sees the bytes before any register write that follows
        }

        private const long InterruptWaitSlice = 100_000_000;   // a killed driver waiting for its device dies within 0.1 s

        /// <summary>
        /// A handle (0 or more) to MSI-X vector of vendor:device, routed to this kernel's interrupt controller; -1 when the
        /// machine has no such device, -2 when it has no interrupt controller for message interrupts (the driver polls).
        /// A vector the manifest does not grant, one the device does not have, one another process holds: killed.
        /// </summary>
        internal static int InterruptOpen(int vendorId, int deviceId, int vector)
        {
            Process process = Process.Current;
            string refusal = DeviceGrants.GrantInterrupt(process.Manifest, PciDevices.All, (ushort)vendorId, (ushort)deviceId, vector,
                out PciFunction function, out bool absent);
            if (absent) return -1;
            if (refusal is not null) Refuse(refusal);
            int existing = process.FindInterrupt(function, vector);
            if (existing >= 0) return existing;
            string device = function.VendorId.ToString("x4") + ":" + function.DeviceId.ToString("x4") + " (" + function.Address + ")";
            MsiX table = MsiX.Find(PciDevices.ConfigSpaceOf(function), function, out string problem);
            if (table is null) Refuse(device + " cannot interrupt by message: " + problem);
            if (vector >= table.Entries)
                Refuse(device + " has " + table.Entries.ToString() + " MSI-X vectors, so no vector " + vector.ToString());
            string owner = DeviceInterrupt.OwnerOf(function, vector);
            if (owner is not null) Refuse("interrupt vector " + vector.ToString() + " of " + device + " is held by " + owner);
            DeviceInterrupt interrupt = DeviceInterrupt.Route(process.Name, function, table, vector, out problem);
            if (interrupt is null)
            {
                process.Write("hardware: no interrupt for " + device + ": " + problem + "\n");
                return -2;
            }
            return process.AddInterrupt(interrupt);
        }

        /// <summary>1 when the device interrupted since the last wait ended (at once if it already had), 0 when timeoutNanoseconds (negative: none) passed first.</summary>
        internal static int InterruptWait(int handle, long timeoutNanoseconds)
        {
            DeviceInterrupt interrupt = Interrupt(handle);
            long remaining = timeoutNanoseconds;
            while (true)
            {
                long slice = timeoutNanoseconds < 0 || remaining > InterruptWaitSlice ? InterruptWaitSlice : remaining;
                if (interrupt.Wait(slice)) return 1;
                Process.DieIfKilled(0);
                if (timeoutNanoseconds >= 0 && (remaining -= slice) <= 0) return 0;
            }
        }

        /// <summary>How many times the device interrupted through this handle.</summary>
        internal static ulong InterruptCount(int handle) => Interrupt(handle).Taken;

        private static DeviceInterrupt Interrupt(int handle)
        {
            DeviceInterrupt interrupt = Process.Current.GetInterrupt(handle);
            if (interrupt is null) Refuse("interrupt " + handle.ToString() + " was never granted");
            return interrupt;
        }

        private static ulong Checked(int handle, ulong offset, int width)
        {
            if (!Process.Current.TryGetRegisterWindow(handle, out RegisterWindow window, out _))
                Refuse("register window " + handle.ToString() + " was never granted");
            string problem = window.Check(offset, width);
            if (problem is not null) Refuse(problem);
            return window.Address + offset;
        }

        private static void Refuse(string why) => Process.KillCurrent("hardware: " + why);
    }
}
