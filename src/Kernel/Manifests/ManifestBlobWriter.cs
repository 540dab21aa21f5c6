// Encodes a valid manifest in the binary form of ManifestBlobFormat (the host writes it into the boot bundle).
#nullable enable
using System;
using System.Buffers.Binary;

namespace Helios.Kernel.Manifests
{
    public static class ManifestBlobWriter
    {
        /// <summary>The blob of a manifest; false (with the reason) when the manifest is not valid.</summary>
        public static bool TryWrite(ApplicationManifest manifest, out byte[] blob, out string error)
        {
            blob = Array.Empty<byte>();
            string? problem = ManifestRules.Validate(manifest);
            if (problem != null)
            {
                error = "cannot encode an invalid manifest: " + problem;
                return false;
            }

            // Validation bounds every string, so the sizes below cannot overflow and every length fits a u16.
            int size = ManifestBlobFormat.HeaderSize;
            size += StringSize(manifest.Name) + 1 + StringSize(manifest.Image) + 8 + 8;
            size += 1;
            foreach (PlatformPreference platform in manifest.Platforms) size += StringSize(platform.Name) + 1;
            size += 2;
            foreach (ManifestEndpoint endpoint in manifest.Endpoints)
                size += 3 + StringSize(endpoint.ContractName) + (endpoint.Path is null ? 2 : StringSize(endpoint.Path));
            size += 2;
            foreach (string argument in manifest.Arguments) size += StringSize(argument);
            bool hardware = manifest.PciDevices.Count > 0;
            if (hardware) size += 1 + 6 * manifest.PciDevices.Count;

            var bytes = new byte[size];
            Span<byte> span = bytes;
            int at = ManifestBlobFormat.HeaderSize;
            at = PutString(span, at, manifest.Name);
            span[at++] = (byte)manifest.Runtime;
            at = PutString(span, at, manifest.Image);
            BinaryPrimitives.WriteUInt64LittleEndian(span.Slice(at), manifest.HeapLimit);
            at += 8;
            BinaryPrimitives.WriteUInt64LittleEndian(span.Slice(at), manifest.StackSize);
            at += 8;
            span[at++] = (byte)manifest.Platforms.Count;
            foreach (PlatformPreference platform in manifest.Platforms)
            {
                at = PutString(span, at, platform.Name);
                span[at++] = (byte)(sbyte)platform.Affinity;
            }
            BinaryPrimitives.WriteUInt16LittleEndian(span.Slice(at), (ushort)manifest.Endpoints.Count);
            at += 2;
            foreach (ManifestEndpoint endpoint in manifest.Endpoints)
            {
                span[at++] = (byte)endpoint.Kind;
                span[at++] = (byte)endpoint.Id;
                span[at++] = (byte)(sbyte)endpoint.Affinity;
                at = PutString(span, at, endpoint.ContractName);
                if (endpoint.Path is null)
                {
                    BinaryPrimitives.WriteUInt16LittleEndian(span.Slice(at), ManifestBlobFormat.AbsentString);
                    at += 2;
                }
                else
                {
                    at = PutString(span, at, endpoint.Path);
                }
            }
            BinaryPrimitives.WriteUInt16LittleEndian(span.Slice(at), (ushort)manifest.Arguments.Count);
            at += 2;
            foreach (string argument in manifest.Arguments) at = PutString(span, at, argument);
            if (hardware)
            {
                span[at++] = (byte)manifest.PciDevices.Count;
                foreach (ManifestPciDevice device in manifest.PciDevices)
                {
                    BinaryPrimitives.WriteUInt16LittleEndian(span.Slice(at), device.VendorId);
                    BinaryPrimitives.WriteUInt16LittleEndian(span.Slice(at + 2), device.DeviceId);
                    span[at + 4] = device.RegisterBars;
                    span[at + 5] = device.InterruptVectors;
                    at += 6;
                }
            }

            BinaryPrimitives.WriteUInt32LittleEndian(span, ManifestBlobFormat.Magic);
            BinaryPrimitives.WriteUInt16LittleEndian(span.Slice(4), hardware ? ManifestBlobFormat.HardwareVersion : ManifestBlobFormat.Version);
            BinaryPrimitives.WriteUInt16LittleEndian(span.Slice(6), 0);
            BinaryPrimitives.WriteUInt32LittleEndian(span.Slice(8), (uint)size);
            BinaryPrimitives.WriteUInt32LittleEndian(span.Slice(12), ManifestBlobFormat.Crc32(span.Slice(ManifestBlobFormat.HeaderSize)));
            blob = bytes;
            error = "";
            return true;
        }

        /// <summary>The blob of a manifest; throws ArgumentException when the manifest is not valid.</summary>
        public static byte[] Write(ApplicationManifest manifest)
        {
            if (!TryWrite(manifest, out byte[] blob, out string error)) throw new ArgumentException(error);
            return blob;
        }

        private static int StringSize(string text) => 2 + Utf8Text.Length(text);

        private static int PutString(Span<byte> span, int at, string text)
        {
            int length = Utf8Text.Length(text);
            BinaryPrimitives.WriteUInt16LittleEndian(span.Slice(at), (ushort)length);
            Utf8Text.Encode(text, span.Slice(at + 2, length));
            return at + 2 + length;
        }
    }
}
