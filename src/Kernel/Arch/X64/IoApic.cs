// The I/O APIC: routes device interrupt lines (global system interrupts) to vectors on CPUs. Every line starts
// masked; drivers route the ones they use.
namespace Helios.Kernel.Arch.X64
{
    internal sealed class IoApic
    {
        private const uint RegisterSelect = 0x00;
        private const uint Window = 0x10;
        private const uint VersionRegister = 0x01;
        private const uint RedirectionTable = 0x10;
        private const uint Masked = 1u << 16;

        private readonly ulong _base;

        public IoApic(ulong physicalBase, uint gsiBase)
        {
            _base = physicalBase;
            GsiBase = gsiBase;
            Lines = (int)((Read(VersionRegister) >> 16) & 0xFF) + 1;
            for (int line = 0; line < Lines; line++) Mask(line);
        }

        public uint GsiBase { get; }

        public int Lines { get; }

        public void Mask(int line)
        {
            Write(RedirectionTable + 2 * (uint)line, Masked);
            Write(RedirectionTable + 2 * (uint)line + 1, 0);
        }

        /// <summary>Delivers a line to vector on the CPU with apicId; activeLow and level as the MADT says.</summary>
        public void Route(int line, int vector, uint apicId, bool activeLow, bool level)
        {
            uint low = (uint)vector | (activeLow ? 1u << 13 : 0) | (level ? 1u << 15 : 0);
            Write(RedirectionTable + 2 * (uint)line + 1, apicId << 24);
            Write(RedirectionTable + 2 * (uint)line, low);
        }

        private uint Read(uint register)
        {
            Mmio.Write32(_base + RegisterSelect, register);
            return Mmio.Read32(_base + Window);
        }

        private void Write(uint register, uint value)
        {
            Mmio.Write32(_base + RegisterSelect, register);
            Mmio.Write32(_base + Window, value);
        }
    }
}
