// The header a process image starts with (src/Sip/Process.ld writes it; the ELF entry points at it). Every address
// is an offset from the image's base: the loader adds where it put the image.
using System;
using System.Buffers.Binary;

namespace Helios.Kernel.Processes
{
    public readonly struct ProcessHeader
    {
        public const ulong Magic = 0x5250534f494c4548;     // "HELIOSPR"
        public const uint AbiVersion = 1;
        public const int Size = 128;

        public ulong ImportNamesStart { get; init; }
        public ulong ImportNamesEnd { get; init; }
        public ulong ImportSlotsStart { get; init; }
        public ulong ImportSlotsEnd { get; init; }
        public ulong Main { get; init; }                // helios_process_main(ImageLayout*, argc, argv)
        public ulong RaiseFault { get; init; }          // helios_raise_hardware_fault(kind, RegisterContext*)
        public ulong ModulesStart { get; init; }
        public ulong ModulesEnd { get; init; }
        public ulong SymbolsStart { get; init; }
        public ulong SymbolsEnd { get; init; }
        public ulong ImageEnd { get; init; }
        public ulong EhFrameHeaderStart { get; init; }
        public ulong EhFrameHeaderEnd { get; init; }

        public int ImportCount => (int)((ImportSlotsEnd - ImportSlotsStart) / 8);

        /// <summary>Reads and checks a header; every offset must lie inside an image of imageSize bytes.</summary>
        public static ProcessHeader Read(ReadOnlySpan<byte> bytes, ulong imageSize, string image)
        {
            if (bytes.Length < Size) throw Bad(image, "the process header is cut short");
            if (BinaryPrimitives.ReadUInt64LittleEndian(bytes) != Magic)
                throw Bad(image, "its entry is not a Helios process header (link it with src/Sip/Process.ld)");
            uint version = BinaryPrimitives.ReadUInt32LittleEndian(bytes.Slice(8));
            if (version != AbiVersion)
                throw Bad(image, "it was built for process ABI version " + version.ToString() + "; this kernel runs version " + AbiVersion.ToString());
            if (BinaryPrimitives.ReadUInt32LittleEndian(bytes.Slice(12)) != Size) throw Bad(image, "the process header has the wrong size");
            var header = new ProcessHeader
            {
                ImportNamesStart = Field(bytes, 16), ImportNamesEnd = Field(bytes, 24),
                ImportSlotsStart = Field(bytes, 32), ImportSlotsEnd = Field(bytes, 40),
                Main = Field(bytes, 48), RaiseFault = Field(bytes, 56),
                ModulesStart = Field(bytes, 64), ModulesEnd = Field(bytes, 72),
                SymbolsStart = Field(bytes, 80), SymbolsEnd = Field(bytes, 88),
                ImageEnd = Field(bytes, 96),
                EhFrameHeaderStart = Field(bytes, 104), EhFrameHeaderEnd = Field(bytes, 112),
            };
            if (header.ImageEnd > imageSize) throw Bad(image, "the process header's image end lies past its segments");
            CheckRange(header.ImportNamesStart, header.ImportNamesEnd, header.ImageEnd, image, "import names");
            CheckRange(header.ImportSlotsStart, header.ImportSlotsEnd, header.ImageEnd, image, "import slots");
            CheckRange(header.ModulesStart, header.ModulesEnd, header.ImageEnd, image, "module list");
            CheckRange(header.SymbolsStart, header.SymbolsEnd, header.ImageEnd, image, "symbol table");
            CheckRange(header.EhFrameHeaderStart, header.EhFrameHeaderEnd, header.ImageEnd, image, "unwind index");
            if ((header.ImportSlotsEnd - header.ImportSlotsStart) % 8 != 0 || header.ImportSlotsStart % 8 != 0)
                throw Bad(image, "its import slots are not whole, aligned 8-byte words");
            if (header.Main == 0 || header.Main >= header.ImageEnd) throw Bad(image, "its entry point is outside the image");
            if (header.RaiseFault == 0 || header.RaiseFault >= header.ImageEnd) throw Bad(image, "its fault entry is outside the image");
            return header;
        }

        private static ulong Field(ReadOnlySpan<byte> bytes, int offset) => BinaryPrimitives.ReadUInt64LittleEndian(bytes.Slice(offset));

        private static void CheckRange(ulong start, ulong end, ulong imageEnd, string image, string what)
        {
            if (start > end || end > imageEnd) throw Bad(image, "its " + what + " lies outside the image");
        }

        private static ProcessImageException Bad(string image, string what) => new ProcessImageException(image + ": " + what);
    }
}
