// What the kernel tells the host that runs it: one source for both (build/Helios.Tooling compiles this file too, as it
// does tests/Kernel/Framework/TestProtocol.cs). On the console:
//   HELIOS-EXIT <code>     the last line; QEMU then exits with status (code << 1) | 1 on both ISAs, so a status of 0
//                          (a triple fault, a reset, a power-off) always means the kernel died without reporting
//   HELIOS-PANIC <what>    a panic (Panic.cs); details follow, then HELIOS-EXIT with ExitCode.Panic
//   HELIOS-MEMDUMP <...>   boot memory the parsers read, with "bootinfo.dump" on the command line (RecordingMemory)
namespace Helios.Kernel.Diagnostics
{
    public enum ExitCode
    {
        Success = 0,
        Failure = 1,
        Panic = 2,
    }

    public static class HostProtocol
    {
        public const string ExitMarker = "HELIOS-EXIT ";
        public const string PanicMarker = "HELIOS-PANIC ";
        public const string MemoryDumpMarker = "HELIOS-MEMDUMP ";
    }
}
