// A PCI function the scanner found: its address, identity, BARs and capabilities.
using System.Collections.Generic;

namespace Helios.Kernel.Devices.Pci
{
    public sealed class PciFunction
    {
        internal PciFunction(ushort segment, byte bus, byte device, byte function, uint identity, uint classRegister, byte headerType)
        {
            Segment = segment;
            Bus = bus;
            Device = device;
            Function = function;
            VendorId = (ushort)identity;
            DeviceId = (ushort)(identity >> 16);
            ClassCode = (byte)(classRegister >> 24);
            Subclass = (byte)(classRegister >> 16);
            ProgrammingInterface = (byte)(classRegister >> 8);
            HeaderType = headerType;
        }

        public ushort Segment { get; }

        public byte Bus { get; }

        public byte Device { get; }

        public byte Function { get; }

        public ushort VendorId { get; }

        public ushort DeviceId { get; }

        public byte ClassCode { get; }

        public byte Subclass { get; }

        public byte ProgrammingInterface { get; }

        /// <summary>0 an endpoint, 1 a PCI-to-PCI bridge (the multi-function bit masked off).</summary>
        public byte HeaderType { get; }

        /// <summary>The interrupt pin it uses (1 INTA# to 4 INTD#), 0 none.</summary>
        public byte InterruptPin { get; internal set; }

        /// <summary>Its memory and I/O BARs, in BAR order (an endpoint's only; unimplemented ones left out).</summary>
        public List<PciBar> Bars { get; } = new List<PciBar>();

        public List<PciCapability> Capabilities { get; } = new List<PciCapability>();

        /// <summary>"0000:00:02.0", as lspci names it.</summary>
        public string Address => Segment.ToString("x4") + ":" + Bus.ToString("x2") + ":" + Device.ToString("x2") + "." + Function.ToString();

        /// <summary>The BAR with this index, or false when the function has none there.</summary>
        public bool TryGetBar(int index, out PciBar bar)
        {
            foreach (PciBar candidate in Bars)
                if (candidate.Index == index)
                {
                    bar = candidate;
                    return true;
                }
            bar = default;
            return false;
        }

        public override string ToString() => Address + " " + VendorId.ToString("x4") + ":" + DeviceId.ToString("x4") + " class " + ClassCode.ToString("x2") + Subclass.ToString("x2");
    }
}
