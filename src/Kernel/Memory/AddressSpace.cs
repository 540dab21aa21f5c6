// The kernel's address space, built by the kernel once it knows the memory map (replacing the boot stub's tables):
// device windows as Device memory, every RAM range of the memory map identity-mapped as Memory, the null guard and
// the boot stack's guard page left unmapped, and a region of its own for thread stacks, each below a guard page.
using System;
using Helios.Kernel.Arch;
using Helios.Kernel.Boot;
using Helios.Kernel.Cpus;
using Helios.Kernel.Threading;
using Internal.Runtime;

namespace Helios.Kernel.Memory
{
    public static unsafe class AddressSpace
    {
        /// <summary>Where thread stacks are mapped (KernelStacks): far from any physical address.</summary>
        public const ulong StackRegionStart = 0x7F00_0000_0000;
        public const ulong StackRegionSize = 1UL << 36;

        private static PageTable s_table;
        private static SpinLock s_lock;
        private static Platform s_platform;

        public static ulong Root => s_table.Root;

        internal static void Initialize(BootInfo boot, ImageLayout* layout, Platform platform)
        {
            s_platform = platform;
            var table = new PageTable(platform.PageFormat, new FrameTableMemory());
            foreach ((ulong start, ulong end) in platform.DeviceWindows)
                table.Map(start, start, end - start, MapKind.Device);
            foreach (PciHostBridge bridge in boot.PciHosts)     // configuration space, wherever it is (arm64: above RAM)
                table.Map(bridge.EcamStart, bridge.EcamStart, bridge.EcamLength, MapKind.Device);
            foreach (MemoryRegion region in boot.Memory)
            {
                if (region.Kind is not (MemoryKind.Usable or MemoryKind.AcpiReclaimable or MemoryKind.AcpiNvs or MemoryKind.Persistent))
                    continue;
                ulong start = region.Start & ~(PageTable.PageSize - 1);
                ulong end = (region.End + PageTable.PageSize - 1) & ~(PageTable.PageSize - 1);
                table.Map(start, start, end - start, MapKind.Memory);
            }
            table.Unmap(0, NullGuard.Size);
            table.Unmap((ulong)layout->StackStart - PageTable.PageSize, PageTable.PageSize);
            platform.ActivatePageTables(table.Root);
            s_table = table;
        }

        public static void Map(ulong virtualAddress, ulong physical, ulong size, MapKind kind)
        {
            nuint state = s_lock.AcquireIrqSave();
            s_table.Map(virtualAddress, physical, size, kind);
            s_lock.ReleaseIrqRestore(state);
        }

        /// <summary>
        /// Maps [start, +size) of another kernel's RAM read-only at its own address (a one-copy link reads arrays there:
        /// src/Kernel/Multikernel/PeerMemory.cs), on every CPU: the range may have been mapped otherwise before (x86_64's
        /// device window), so every CPU's TLB forgets it (CrossCall: the caller holds no spin lock).
        /// </summary>
        public static void MapReadOnly(ulong start, ulong size)
        {
            nuint state = s_lock.AcquireIrqSave();
            s_table.Map(start, start, size, MapKind.ReadOnly);
            s_platform.FlushTlb(start, size);
            s_lock.ReleaseIrqRestore(state);
            CrossCall.RunOnOthers(&FlushTlb, start, size);
        }

        /// <summary>
        /// Unmaps a range on every CPU: this one flushes its TLB, the others are asked to (CrossCall), so the caller
        /// must hold no spin lock.
        /// </summary>
        public static void Unmap(ulong virtualAddress, ulong size)
        {
            nuint state = s_lock.AcquireIrqSave();
            s_table.Unmap(virtualAddress, size);
            s_platform.FlushTlb(virtualAddress, size);
            s_lock.ReleaseIrqRestore(state);
            CrossCall.RunOnOthers(&FlushTlb, virtualAddress, size);
        }

        private static void FlushTlb(ulong virtualAddress, ulong size) => s_platform.FlushTlb(virtualAddress, size);

        public static bool TryTranslate(ulong virtualAddress, out ulong physical, out MapKind kind)
        {
            nuint state = s_lock.AcquireIrqSave();
            bool mapped = s_table.TryTranslate(virtualAddress, out physical, out kind);
            s_lock.ReleaseIrqRestore(state);
            return mapped;
        }

        // Page tables live in frames, read and written through the identity map.
        private sealed class FrameTableMemory : IPageTableMemory
        {
            public ulong AllocateTable() => Frames.Allocate();

            public Span<ulong> Entries(ulong table) => new Span<ulong>((void*)table, 512);
        }
    }
}
