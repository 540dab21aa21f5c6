// What the kernel tells the host that runs it: one source for both (build/Helios.Tooling compiles this file too, as it
// does tests/Kernel/Framework/TestProtocol.cs). On the console:
//   HELIOS-EXIT <code>     the last line; QEMU then exits with status (code << 1) | 1 on both ISAs, so a status of 0
//                          (a triple fault, a reset, a power-off) always means the kernel died without reporting
//   HELIOS-PANIC <what>    a panic (Panic.cs); details follow, then HELIOS-EXIT with ExitCode.Panic
//   HELIOS-MEMDUMP <...>   boot memory the parsers read, with "bootinfo.dump" on the command line (RecordingMemory)
// On a machine of several kernels every line starts with the kernel's name ("k0: ", "k1: "; KernelTag); the machine's
// exit is k0's HELIOS-EXIT, a satellite's own HELIOS-EXIT only ends that kernel.
namespace Helios.Kernel.Diagnostics
{
    public enum ExitCode
    {
        Success = 0,
        Failure = 1,
        Panic = 2,
        /// <summary>The coordinator ended well, but a satellite kernel panicked, hung or never came online.</summary>
        KernelDied = 3,
    }

    public static class HostProtocol
    {
        public const string ExitMarker = "HELIOS-EXIT ";
        public const string PanicMarker = "HELIOS-PANIC ";
        public const string MemoryDumpMarker = "HELIOS-MEMDUMP ";

        /// <summary>
        /// Splits a console line of a multikernel machine into the kernel that printed it and its text ("k1: text" →
        /// 1, "text"); a line without a tag is the only kernel's (-1).
        /// </summary>
        public static int KernelTag(string line, out string text)
        {
            text = line;
            if (line.Length < 4 || line[0] != 'k') return -1;
            int i = 1, kernel = 0;
            while (i < line.Length && i <= 3 && line[i] >= '0' && line[i] <= '9') kernel = kernel * 10 + (line[i++] - '0');
            if (i == 1 || i + 1 >= line.Length || line[i] != ':' || line[i + 1] != ' ') return -1;
            text = line.Substring(i + 2);
            return kernel;
        }
    }
}
