// The boot path, top to bottom. Each ISA's Boot.S (Arch/X64, Arch/Arm64) sets up a stack, memory and FP/SIMD and
// calls Entry; from here on the kernel is portable C#.
using System.Runtime.InteropServices;
using Helios.Kernel.Arch;
using Helios.Kernel.Boot;
using Helios.Kernel.Diagnostics;
using Internal.Runtime;

namespace Helios.Kernel
{
    public static unsafe class KernelMain
    {
        /// <summary>
        /// What runs once the kernel is up; its result is the exit code. The kernel image runs Init; another image
        /// (the in-kernel test runner) replaces it from a module initializer, which runs before Entry reads it.
        /// </summary>
        public static delegate*<BootInfo, int> Payload = &Init.Run;

        public static BootInfo BootInfo { get; private set; }

        [UnmanagedCallersOnly(EntryPoint = "helios_kernel_entry")]
        private static void Entry(nuint bootArgument, ImageLayout* layout)
        {
            Startup.Initialize(in *layout);             // heap, statics, module initializers
            Platform platform = Platform.Create(bootArgument);
            platform.InitializeEarly();                 // console, CPU exception handlers

            // A malformed boot protocol throws BootInfoException, which ends in a panic naming what was wrong.
            var memory = new RecordingMemory(new IdentityMappedMemory(IdentityMap.Start, IdentityMap.End));
            BootInfo boot = platform.ReadBootInfo(memory);
            BootInfo = boot;
            if (new CommandLine(boot.CommandLine).HasFlag("bootinfo.dump"))
                memory.Dump(platform.BootInformationAddress, KernelConsole.WriteLine);
            HeapSetup.AddBootMemory(boot, layout);     // stops here if the image or early heap is not in usable RAM
            Banner.Print(platform, boot);

            KernelExit.Exit(Payload(boot));
        }
    }
}
