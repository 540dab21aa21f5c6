// Physical memory that remembers what was read from it, so the kernel can print exactly the bytes its boot parsers
// used ("bootinfo.dump" on the command line). `./helios capture` saves them as test data for the same parsers on the
// host (tests/Data/boot).
using System;
using System.Collections.Generic;
using System.Text;
using Helios.Kernel.Diagnostics;

namespace Helios.Kernel.Boot
{
    public sealed class RecordingMemory : IPhysicalMemory
    {
        private const int BytesPerLine = 64;

        private readonly IPhysicalMemory _memory;
        private readonly List<(ulong Start, ulong End)> _ranges = new List<(ulong, ulong)>();

        public RecordingMemory(IPhysicalMemory memory) { _memory = memory; }

        public ReadOnlySpan<byte> Read(ulong address, int length)
        {
            ReadOnlySpan<byte> bytes = _memory.Read(address, length);
            if (bytes.Length > 0) _ranges.Add((address, address + (ulong)bytes.Length));
            return bytes;
        }

        /// <summary>The ranges read so far, sorted and merged.</summary>
        public List<(ulong Start, ulong End)> Ranges()
        {
            var sorted = new List<(ulong Start, ulong End)>(_ranges);
            sorted.Sort((a, b) => a.Start.CompareTo(b.Start));
            var merged = new List<(ulong Start, ulong End)>();
            foreach ((ulong start, ulong end) in sorted)
            {
                if (merged.Count > 0 && start <= merged[merged.Count - 1].End)
                {
                    (ulong s, ulong e) = merged[merged.Count - 1];
                    merged[merged.Count - 1] = (s, Math.Max(e, end));
                }
                else
                {
                    merged.Add((start, end));
                }
            }
            return merged;
        }

        /// <summary>Prints "HELIOS-MEMDUMP boot 0x..." and then the recorded bytes as "HELIOS-MEMDUMP 0x... hex" lines.</summary>
        public void Dump(ulong bootInformation, Action<string> writeLine)
        {
            writeLine(HostProtocol.MemoryDumpMarker + "boot 0x" + bootInformation.ToString("x"));
            var line = new StringBuilder();
            foreach ((ulong start, ulong end) in Ranges())
            {
                for (ulong address = start; address < end; address += BytesPerLine)
                {
                    int length = (int)Math.Min(BytesPerLine, end - address);
                    line.Clear().Append(HostProtocol.MemoryDumpMarker).Append("0x").Append(address.ToString("x16")).Append(' ');
                    foreach (byte b in _memory.Read(address, length)) line.Append(b.ToString("x2"));
                    writeLine(line.ToString());
                }
            }
        }
    }
}
