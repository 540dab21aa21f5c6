// What the PCI scanner needs from configuration space: aligned 32-bit reads and writes of one function's registers
// (the kernel's is ECAM memory; the host tests' a simulated bus).
namespace Helios.Kernel.Devices.Pci
{
    public interface IPciConfigSpace
    {
        /// <summary>The 32-bit register at offset (a multiple of 4 below 4096); all ones where no function answers.</summary>
        uint Read32(byte bus, byte device, byte function, int offset);

        void Write32(byte bus, byte device, byte function, int offset, uint value);
    }
}
