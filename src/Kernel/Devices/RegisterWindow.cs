// A range of device registers granted to a driver process: a BAR of a PCI function its manifest declares. Every access
// is checked against the range and for natural alignment before it reaches the device; Check says what is wrong, so
// the kernel can refuse the access and kill the driver with that reason (ProcessDeviceAbi). Pure: host-tested.
namespace Helios.Kernel.Devices
{
    public sealed class RegisterWindow
    {
        public RegisterWindow(string name, ulong address, ulong length)
        {
            Name = name;
            Address = address;
            Length = length;
        }

        /// <summary>What the range is, for messages: "1af4:1042 (0000:00:02.0) BAR 4".</summary>
        public string Name { get; }

        /// <summary>The physical (identity-mapped) address of its first register.</summary>
        public ulong Address { get; }

        public ulong Length { get; }

        /// <summary>null when an access of width bytes (1, 2, 4 or 8) at offset is inside and aligned; else why not.</summary>
        public string Check(ulong offset, int width)
        {
            if (width is not (1 or 2 or 4 or 8))
                return "a register access of " + width.ToString() + " bytes (1, 2, 4 or 8 may be read or written)";
            if (offset >= Length || (ulong)width > Length - offset)
                return "register 0x" + offset.ToString("x") + " (" + width.ToString() + " bytes) is outside " + Name + ", which has 0x" + Length.ToString("x") + " bytes";
            if ((offset & (ulong)(width - 1)) != 0)
                return "register 0x" + offset.ToString("x") + " of " + Name + " is not aligned for a " + width.ToString() + "-byte access";
            return null;
        }
    }
}
