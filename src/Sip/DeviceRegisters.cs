// A driver's registers: a BAR of a PCI device its manifest declares (<hardware>, docs/services.md), read and written
// through the kernel, which checks each access against the BAR. Touching a register outside it, or opening a device
// or BAR the manifest does not declare, kills the driver with the reason (src/Kernel/Processes/ProcessDeviceAbi.cs).
using System;
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Helios.Sip
{
    public sealed unsafe class DeviceRegisters
    {
        private readonly int _handle;

        private DeviceRegisters(int handle, ulong length)
        {
            _handle = handle;
            Length = length;
        }

        /// <summary>The BAR's size in bytes: registers are at offsets 0 to Length - 1.</summary>
        public ulong Length { get; }

        /// <summary>BAR bar of the PCI device vendorId:deviceId, or null when the machine has no such device.</summary>
        public static DeviceRegisters Open(ushort vendorId, ushort deviceId, int bar)
        {
            ulong length;
            int handle = DeviceOpen(vendorId, deviceId, bar, &length);
            return handle < 0 ? null : new DeviceRegisters(handle, length);
        }

        public byte Read8(ulong offset) => (byte)DeviceRead(_handle, offset, 1);

        public ushort Read16(ulong offset) => (ushort)DeviceRead(_handle, offset, 2);

        public uint Read32(ulong offset) => (uint)DeviceRead(_handle, offset, 4);

        public ulong Read64(ulong offset) => DeviceRead(_handle, offset, 8);

        public void Write8(ulong offset, byte value) => DeviceWrite(_handle, offset, 1, value);

        public void Write16(ulong offset, ushort value) => DeviceWrite(_handle, offset, 2, value);

        public void Write32(ulong offset, uint value) => DeviceWrite(_handle, offset, 4, value);

        public void Write64(ulong offset, ulong value) => DeviceWrite(_handle, offset, 8, value);

        /// <summary>A 32-bit register of the device's configuration space (read only), at a multiple of 4 below 4096.</summary>
        public uint ReadConfig32(int offset) => DeviceReadConfig32(_handle, offset);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_device_open")]
        private static extern int DeviceOpen(int vendorId, int deviceId, int bar, ulong* length);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_device_read")]
        private static extern ulong DeviceRead(int handle, ulong offset, int width);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_device_write")]
        private static extern void DeviceWrite(int handle, ulong offset, int width, ulong value);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_device_read_config32")]
        private static extern uint DeviceReadConfig32(int handle, int offset);
    }
}
