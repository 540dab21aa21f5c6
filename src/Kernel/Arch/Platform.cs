// The ISA seam: everything the portable kernel needs from the machine. Arch/X64 and Arch/Arm64 implement it; Create
// is the one place that picks. TargetIsa.IsX64 is a compile-time constant per image, so each image carries only its
// own ISA's code.
using System;
using Helios.Kernel.Arch.Arm64;
using Helios.Kernel.Arch.X64;
using Helios.Kernel.Boot;
using Internal.Runtime;

namespace Helios.Kernel.Arch
{
    public abstract class Platform
    {
        /// <summary>The platform the kernel runs on; set once at boot.</summary>
        public static Platform Current { get; private set; }

        internal static Platform Create(nuint bootArgument)
        {
            Current = TargetIsa.IsX64 ? new X64Platform(bootArgument) : new Arm64Platform(bootArgument);
            return Current;
        }

        /// <summary>"x86_64" or "arm64".</summary>
        public abstract string IsaName { get; }

        /// <summary>Console output and CPU exception handling: the first things the kernel sets up.</summary>
        public abstract void InitializeEarly();

        /// <summary>Writes to the serial console (newlines become CRLF).</summary>
        public abstract void WriteConsole(ReadOnlySpan<char> text);

        /// <summary>Reads the boot information through memory (the identity map, possibly recorded).</summary>
        public abstract BootInfo ReadBootInfo(IPhysicalMemory memory);

        /// <summary>Unmaps the lowest pages (Memory/NullGuard), once nothing there is needed any more.</summary>
        public abstract void ProtectNullPages(int pageCount);

        /// <summary>Where the boot information is: the PVH start_info (x86_64) or the device tree (arm64).</summary>
        public abstract ulong BootInformationAddress { get; }

        /// <summary>Ends the machine with an exit status QEMU reports as (code &lt;&lt; 1) | 1. Never returns.</summary>
        public abstract void Exit(int code);

        /// <summary>Stops this CPU for good, interrupts off. Never returns.</summary>
        public abstract void HaltForever();

        /// <summary>Whether address translation is on (CR0.PG; SCTLR_EL1.M).</summary>
        public abstract bool PagingEnabled { get; }

        /// <summary>A free-running counter, for measuring short intervals (TSC; CNTVCT).</summary>
        public abstract ulong ReadCycleCounter();

        /// <summary>Dies the way a broken kernel does, with no exit status (triple fault; PSCI power-off).</summary>
        public abstract void DieWithoutStatus();

        /// <summary>Executes an undefined instruction (ud2; udf).</summary>
        public abstract void ExecuteUndefinedInstruction();
    }
}
