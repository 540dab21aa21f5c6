// Decodes a manifest blob (ManifestBlobFormat) from untrusted bytes: every read is bounds-checked, every count is
// checked against the bytes left before anything is allocated, and the result must pass ManifestRules. TryRead never
// throws (in the kernel a throw is still a panic); Read wraps it for callers that prefer an exception.
#nullable enable
using System;
using System.Buffers.Binary;

namespace Helios.Kernel.Manifests
{
    public static class ManifestBlobReader
    {
        public static bool TryRead(ReadOnlySpan<byte> blob, out ApplicationManifest? manifest, out string error)
        {
            manifest = null;
            if (blob.Length < ManifestBlobFormat.HeaderSize)
                return Fail(out error, "is " + blob.Length.ToString() + " bytes, shorter than its " + ManifestBlobFormat.HeaderSize.ToString() + "-byte header");
            uint magic = BinaryPrimitives.ReadUInt32LittleEndian(blob);
            if (magic != ManifestBlobFormat.Magic)
                return Fail(out error, "does not start with the magic \"HMAN\" (found 0x" + Hex(magic) + ")");
            ushort version = BinaryPrimitives.ReadUInt16LittleEndian(blob.Slice(4));
            if (version != ManifestBlobFormat.Version && version != ManifestBlobFormat.HardwareVersion)
                return Fail(out error, "has format version " + version.ToString() + "; this reader knows versions " + ManifestBlobFormat.Version.ToString() + " and " + ManifestBlobFormat.HardwareVersion.ToString());
            if (BinaryPrimitives.ReadUInt16LittleEndian(blob.Slice(6)) != 0)
                return Fail(out error, "has reserved header bits set");
            uint total = BinaryPrimitives.ReadUInt32LittleEndian(blob.Slice(8));
            if (total != (uint)blob.Length)
                return Fail(out error, "is " + blob.Length.ToString() + " bytes but its header says " + total.ToString());
            uint crc = ManifestBlobFormat.Crc32(blob.Slice(ManifestBlobFormat.HeaderSize));
            uint expected = BinaryPrimitives.ReadUInt32LittleEndian(blob.Slice(12));
            if (crc != expected)
                return Fail(out error, "is corrupt: its CRC-32 is 0x" + Hex(crc) + " but its header says 0x" + Hex(expected));

            var cursor = new Cursor(blob, ManifestBlobFormat.HeaderSize);
            if (!cursor.String("name", out string name)
                || !cursor.U8("runtime", out byte runtime)
                || !cursor.String("image", out string image)
                || !cursor.U64("heap limit", out ulong heapLimit)
                || !cursor.U64("stack size", out ulong stackSize)
                || !cursor.U8("platform count", out byte platformCount)
                || !cursor.Fits(platformCount, 3, "platforms"))
                return Fail(out error, cursor.Error);
            var result = new ApplicationManifest(name)
            {
                Runtime = (ManifestRuntime)runtime,
                Image = image,
                HeapLimit = heapLimit,
                StackSize = stackSize,
            };
            for (int i = 0; i < platformCount; i++)
            {
                if (!cursor.String("platform name", out string platform) || !cursor.U8("platform affinity", out byte affinity))
                    return Fail(out error, cursor.Error);
                result.Platforms.Add(new PlatformPreference(platform, (sbyte)affinity));
            }

            if (!cursor.U16("endpoint count", out ushort endpointCount) || !cursor.Fits(endpointCount, 7, "endpoints"))
                return Fail(out error, cursor.Error);
            for (int i = 0; i < endpointCount; i++)
            {
                if (!cursor.U8("endpoint kind", out byte kind)
                    || !cursor.U8("endpoint id", out byte id)
                    || !cursor.U8("endpoint affinity", out byte affinity)
                    || !cursor.String("contract name", out string contract)
                    || !cursor.OptionalString("endpoint path", out string? path))
                    return Fail(out error, cursor.Error);
                if (kind >= EndpointKinds.Count)
                    return Fail(out error, "endpoint " + i.ToString() + " has kind " + kind.ToString() + ", which is not one Helios has");
                result.Endpoints.Add(new ManifestEndpoint((EndpointKind)kind, id, (sbyte)affinity, contract, path));
            }

            if (!cursor.U16("argument count", out ushort argumentCount) || !cursor.Fits(argumentCount, 2, "arguments"))
                return Fail(out error, cursor.Error);
            for (int i = 0; i < argumentCount; i++)
            {
                if (!cursor.String("argument", out string argument)) return Fail(out error, cursor.Error);
                result.Arguments.Add(argument);
            }
            if (version == ManifestBlobFormat.HardwareVersion)
            {
                if (!cursor.U8("PCI device count", out byte deviceCount) || !cursor.Fits(deviceCount, 6, "PCI devices"))
                    return Fail(out error, cursor.Error);
                if (deviceCount == 0) return Fail(out error, "has version 2 but declares no PCI device");
                for (int i = 0; i < deviceCount; i++)
                {
                    if (!cursor.U16("PCI vendor id", out ushort vendor) || !cursor.U16("PCI device id", out ushort device) || !cursor.U8("register BARs", out byte bars)
                        || !cursor.U8("interrupts", out byte interrupts))
                        return Fail(out error, cursor.Error);
                    result.PciDevices.Add(new ManifestPciDevice(vendor, device, bars, interrupts));
                }
            }
            if (cursor.Position != blob.Length)
                return Fail(out error, "has " + (blob.Length - cursor.Position).ToString() + " bytes after its last " + (version == ManifestBlobFormat.Version ? "argument" : "PCI device"));

            string? problem = ManifestRules.Validate(result);
            if (problem != null) return Fail(out error, "is not a valid manifest: " + problem);
            manifest = result;
            error = "";
            return true;
        }

        /// <summary>Decodes a blob; throws ManifestFormatException (and nothing else) when it is malformed.</summary>
        public static ApplicationManifest Read(ReadOnlySpan<byte> blob)
        {
            if (!TryRead(blob, out ApplicationManifest? manifest, out string error) || manifest is null)
                throw new ManifestFormatException(error);
            return manifest;
        }

        private static bool Fail(out string error, string what)
        {
            error = "manifest blob " + what;
            return false;
        }

        private static string Hex(uint value)
        {
            const string digits = "0123456789ABCDEF";
            var chars = new char[8];
            for (int i = 7; i >= 0; i--)
            {
                chars[i] = digits[(int)(value & 0xF)];
                value >>= 4;
            }
            return new string(chars);
        }

        /// <summary>Reads forward through the body; each read names its field so an error says what was being read.</summary>
        private ref struct Cursor
        {
            private readonly ReadOnlySpan<byte> _data;

            public Cursor(ReadOnlySpan<byte> data, int position)
            {
                _data = data;
                Position = position;
                Error = "";
            }

            public int Position { get; private set; }

            public string Error { get; private set; }

            public bool U8(string field, out byte value)
            {
                value = 0;
                if (!Has(1, field)) return false;
                value = _data[Position++];
                return true;
            }

            public bool U16(string field, out ushort value)
            {
                value = 0;
                if (!Has(2, field)) return false;
                value = BinaryPrimitives.ReadUInt16LittleEndian(_data.Slice(Position));
                Position += 2;
                return true;
            }

            public bool U64(string field, out ulong value)
            {
                value = 0;
                if (!Has(8, field)) return false;
                value = BinaryPrimitives.ReadUInt64LittleEndian(_data.Slice(Position));
                Position += 8;
                return true;
            }

            public bool String(string field, out string value)
            {
                value = "";
                if (!U16(field + " length", out ushort length)) return false;
                if (length == ManifestBlobFormat.AbsentString) return Bad("has no " + field + " at byte " + (Position - 2).ToString() + " where one is required");
                return Text(field, length, out value);
            }

            public bool OptionalString(string field, out string? value)
            {
                value = null;
                if (!U16(field + " length", out ushort length)) return false;
                if (length == ManifestBlobFormat.AbsentString) return true;
                bool read = Text(field, length, out string text);
                value = text;
                return read;
            }

            /// <summary>Checks that count entries of at least minimum bytes each can fit in what is left.</summary>
            public bool Fits(int count, int minimum, string what)
            {
                if ((long)count * minimum <= _data.Length - Position) return true;
                return Bad("claims " + count.ToString() + " " + what + " at byte " + Position.ToString() + " but only " + (_data.Length - Position).ToString() + " bytes are left");
            }

            private bool Text(string field, int length, out string value)
            {
                value = "";
                if (!Has(length, field)) return false;
                string? decoded = Utf8Text.Decode(_data.Slice(Position, length));
                if (decoded is null) return Bad("has a " + field + " at byte " + Position.ToString() + " that is not valid UTF-8");
                value = decoded;
                Position += length;
                return true;
            }

            private bool Has(int bytes, string field)
            {
                if (bytes <= _data.Length - Position) return true;
                return Bad("ends inside the " + field + " at byte " + Position.ToString() + " (" + bytes.ToString() + " bytes needed, " + (_data.Length - Position).ToString() + " left)");
            }

            private bool Bad(string what)
            {
                Error = what;
                return false;
            }
        }
    }
}
