// UTF-8 to UTF-16 across buffer boundaries: a byte stream (a pipe) arrives in buffers that may cut a character's
// sequence in two; the decoder keeps the cut start until the next buffer completes it. Used by the kernel's console
// relay and a process's standard input.
using System;
using System.Buffers;
using System.Text.Unicode;

namespace Internal.Text
{
    public sealed class Utf8Decoder
    {
        private readonly byte[] _carry = new byte[4];
        private int _carried;

        /// <summary>
        /// Decodes from the start of bytes into chars (which must hold at least 2) and advances bytes past what it
        /// took; returns the chars written. Call until bytes is empty.
        /// </summary>
        public int Decode(ref ReadOnlySpan<byte> bytes, Span<char> chars)
        {
            int total = 0;
            // First complete a sequence the last buffer cut, a byte at a time.
            while (_carried > 0 && bytes.Length > 0 && chars.Length - total >= 2)
            {
                _carry[_carried++] = bytes[0];
                bytes = bytes.Slice(1);
                Utf8.ToUtf16(new ReadOnlySpan<byte>(_carry, 0, _carried), chars.Slice(total), out int read, out int written, isFinalBlock: false);
                total += written;
                for (int i = read; i < _carried; i++) _carry[i - read] = _carry[i];
                _carried -= read;
            }
            if (_carried > 0) return total;
            OperationStatus status = Utf8.ToUtf16(bytes, chars.Slice(total), out int taken, out int made, isFinalBlock: false);
            total += made;
            bytes = bytes.Slice(taken);
            if (status == OperationStatus.NeedMoreData)
            {
                bytes.CopyTo(_carry);
                _carried = bytes.Length;
                bytes = default;
            }
            return total;
        }

        /// <summary>At the end of the stream: true (and a U+FFFD) if a cut sequence was never completed.</summary>
        public bool Finish()
        {
            bool cut = _carried > 0;
            _carried = 0;
            return cut;
        }
    }
}
