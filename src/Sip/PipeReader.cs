// Console.In of a process: stdin's reader end. Each Write the writer sends is decoded from UTF-8 at once and its
// buffer handed straight back (Written), so the writer is held up only while a buffer is being decoded. The end of
// the input is the writer's Close or the channel's closing (the writer ended); a process with no stdin reads none.
// Before waiting for input, stdout and stderr are sent, so a prompt shows before its answer is awaited.
using System;
using System.IO;
using Helios.Channels;
using Helios.Contracts;
using Internal.Text;

namespace Helios.Sip
{
    internal sealed class PipeReader : TextReader
    {
        private readonly int _which;
        private PipeContract.Exp _pipe;
        private bool _connected;
        private bool _ended;
        private char[] _chars = new char[256];
        private int _at, _count;
        private readonly Utf8Decoder _decoder = new Utf8Decoder();

        internal PipeReader(int which) { _which = which; }

        public override int Peek()
        {
            lock (this) return Fill() ? _chars[_at] : -1;
        }

        public override int Read()
        {
            lock (this) return Fill() ? _chars[_at++] : -1;
        }

        protected override void Dispose(bool disposing)
        {
            lock (this)
            {
                if (!_connected) Connect();
                if (!_ended && !_pipe.IsNull) _pipe.Close();
                _ended = true;
                _at = _count = 0;
            }
        }

        // True when a character is ready; waits for the writer's next buffer when none is.
        private bool Fill()
        {
            while (_at == _count)
            {
                if (!_connected) Connect();
                if (_ended) return false;
                StandardStreams.Flush();
                if (!_pipe.TryWaitNext(out PipeContract.Descriptor.Message next) || next != PipeContract.Descriptor.Message.Write)
                {
                    if (!_pipe.IsClosed && next == PipeContract.Descriptor.Message.Close) _pipe.ReceiveClose();
                    End();
                    continue;
                }
                _pipe.ReceiveWrite(out ExArray<byte> data, out int count);
                Decode(data, count);
                try
                {
                    _pipe.SendWritten(data);
                }
                catch (ChannelClosedException)
                {
                    data.Free();        // the writer is gone; what it sent is still read
                }
            }
            return true;
        }

        private void Decode(ExArray<byte> data, int count)
        {
            ReadOnlySpan<byte> bytes = data.Span;
            bytes = bytes.Slice(0, Math.Clamp(count, 0, bytes.Length));
            if (_chars.Length < bytes.Length + 4) _chars = new char[bytes.Length + 4];     // a byte makes at most a char (a carried sequence: 3 more)
            _at = _count = 0;
            while (bytes.Length > 0) _count += _decoder.Decode(ref bytes, new Span<char>(_chars, _count, _chars.Length - _count));
        }

        private void End()
        {
            _ended = true;
            _at = _count = 0;
            if (_decoder.Finish()) _chars[_count++] = '\uFFFD';
        }

        private void Connect()
        {
            _connected = true;
            ulong endpoint = StandardStreams.Endpoint(_which);
            if (endpoint == 0) _ended = true;
            else _pipe = new PipeContract.Exp(endpoint);
        }
    }
}
