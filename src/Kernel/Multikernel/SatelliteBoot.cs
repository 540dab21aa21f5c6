// A satellite kernel's first steps (docs/multikernel.md): read the boot block the coordinator left it, learn which
// kernel it is, attach to the machine page, tag its console lines, take the hardware the coordinator found (calibrated
// clocks, interrupt controller, firmware calls), note its link areas and the other kernels' memory, and turn its grant into the BootInfo the rest of the boot path sets
// itself up from.
using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using Helios.Kernel.Arch;
using Helios.Kernel.Boot;
using Helios.Kernel.Diagnostics;
using Helios.Satellite.Boot;

namespace Helios.Kernel.Multikernel
{
    internal static unsafe class SatelliteBoot
    {
        /// <summary>The rings to the coordinator (KernelLinks), or 0 when the boot block names none.</summary>
        internal static ulong LinkArea { get; private set; }

        /// <summary>The rings to each other satellite, by its id (0: none named).</summary>
        internal static readonly ulong[] PeerLinkAreas = new ulong[MachinePage.MaxKernels];

        internal static BootInfo Read(ulong address, Platform platform)
        {
            // The block says its length (offset 8); the coordinator never writes more than a page.
            uint length = BinaryPrimitives.ReadUInt32LittleEndian(new ReadOnlySpan<byte>((void*)(address + 8), 4));
            if (length > 4096) throw new BootInfoException("the boot block says it is " + length.ToString() + " bytes long, more than its page");
            BootBlock block = BootBlock.Decode(new ReadOnlySpan<byte>((void*)address, (int)length));
            KernelRole.Set(block.KernelId, block.KernelCount, block.Domain);
            LinkArea = block.LinkArea;
            MachineStatus.Attach(block.MachinePage);
            KernelConsole.TagLines();
            platform.AdoptHardware(block);

            var shared = new List<ReservedRange>();
            var inUse = new List<ReservedRange>();
            foreach (ReservedEntry entry in block.Reserved)
            {
                if (entry.Kind == ReservedEntry.MachinePageKind) shared.Add(new ReservedRange(entry.Start, entry.Length, "machine page"));
                else if (entry.Kind == ReservedEntry.BootBundle) shared.Add(new ReservedRange(entry.Start, entry.Length, "boot bundle"));
                else if (entry.Kind == ReservedEntry.LinkAreaKind) shared.Add(new ReservedRange(entry.Start, entry.Length, "link area"));
                else if (ReservedEntry.IsPeerLinkArea(entry.Kind, out int peer))
                {
                    // Only one area, of the size both sides assume, to each satellite of this machine other than this one.
                    if (peer == block.KernelId || peer >= block.KernelCount || entry.Length != KernelLinks.AreaBytes || PeerLinkAreas[peer] != 0)
                        throw new BootInfoException("the boot block names a link area to k" + peer.ToString() + " of " + entry.Length.ToString()
                            + " bytes; this is k" + block.KernelId.ToString() + " of " + block.KernelCount.ToString() + ", and areas are " + KernelLinks.AreaBytes.ToString());
                    PeerLinkAreas[peer] = entry.Start;
                    shared.Add(new ReservedRange(entry.Start, entry.Length, "link area to k" + peer.ToString()));
                }
                else if (ReservedEntry.IsPeerMemory(entry.Kind, out int owner))
                {
                    // Another kernel's memory, read by this kernel's links (PeerMemory): never this kernel's to use.
                    if (owner == block.KernelId || owner >= block.KernelCount)
                        throw new BootInfoException("the boot block names memory of k" + owner.ToString() + " as another kernel's; this is k"
                            + block.KernelId.ToString() + " of " + block.KernelCount.ToString());
                    PeerMemory.Add(owner, entry.Start, entry.Length);
                }
                else inUse.Add(new ReservedRange(entry.Start, entry.Length, "satellite boot data"));
            }
            foreach (ReservedRange range in shared) PeerMemory.KeepWritable(range.Start, range.Length);
            PeerMemory.SetOwn(block.Memory);
            return GrantedBootInfo.ForSatellite(block.CommandLine, block.Memory, block.Cpus, shared, inUse);
        }
    }
}
