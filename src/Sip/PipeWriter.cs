// Console.Out and Console.Error of a process: text encoded as UTF-8 straight into exchange-heap buffers, each sent
// whole over the pipe (PipeContract's Write) and lent to the reader until it answers Written. Two buffers: one is
// filled while the other is with the reader, so a writer waits only when it fills a buffer before the reader has
// finished the last one. When the reader is gone, output is dropped (as writing to a closed pipe is, for a console).
using System;
using System.Buffers;
using System.IO;
using System.Text.Unicode;
using System.Threading;
using Helios.Channels;
using Helios.Contracts;

namespace Helios.Sip
{
    internal sealed unsafe class PipeWriter : TextWriter
    {
        private const int BufferBytes = 4096;
        // How long a crashing process waits for its last buffer back before it sends what it holds (or gives up).
        private const long CrashWaitNanoseconds = 100_000_000;

        private readonly int _which;
        private PipeContract.Imp _pipe;
        private bool _connected;        // _pipe fetched from the kernel (it may be null: no pipe)
        private bool _broken;           // no pipe, or the reader is gone: output is dropped
        private bool _closed;
        private ExArray<byte> _current; // being filled
        private byte* _bytes;
        private int _capacity, _count;
        private ExArray<byte> _spare;   // back from the reader, free to fill
        private bool _inFlight;         // a buffer is with the reader
        private int _buffers;           // allocated so far (at most two)
        private char _highSurrogate;    // the first half of a pair cut by the end of a write

        internal PipeWriter(int which) { _which = which; }

        public override void Write(char value) => Write(new ReadOnlySpan<char>(&value, 1));

        public override void Write(string value)
        {
            if (value is not null) Write(value.AsSpan());
        }

        public override void Write(ReadOnlySpan<char> text)
        {
            lock (this)
            {
                if (_closed) throw new InvalidOperationException("the standard pipe was closed");
                bool newline = false;
                if (_highSurrogate != 0 && text.Length > 0)
                {
                    char* pair = stackalloc char[2];
                    pair[0] = _highSurrogate;
                    pair[1] = text[0];
                    _highSurrogate = '\0';
                    Encode(new ReadOnlySpan<char>(pair, 2));
                    text = text.Slice(1);
                }
                newline = text.IndexOf('\n') >= 0;
                Encode(text);
                if (newline) Send();
            }
        }

        public override void WriteLine(ReadOnlySpan<char> text)
        {
            lock (this)
            {
                Write(text);
                Write('\n');
            }
        }

        public override void WriteLine(string value) => WriteLine((value ?? "").AsSpan());

        /// <summary>Sends what is buffered (without waiting for the reader to take it).</summary>
        public override void Flush()
        {
            lock (this) Send();
        }

        /// <summary>Sends what is buffered and waits until the reader has taken everything.</summary>
        internal void Drain()
        {
            lock (this)
            {
                Send();
                TakeBack(-1);
            }
        }

        // Best effort and bounded: the last buffer may stay with the reader; what is sent, the reader still gets
        // after the process is gone (queued messages outlive their sender).
        internal void DrainForCrash()
        {
            if (!Monitor.TryEnter(this)) return;
            try
            {
                if (_count > 0 && !_broken && (!_inFlight || TakeBack(CrashWaitNanoseconds))) Send();
            }
            finally
            {
                Monitor.Exit(this);
            }
        }

        protected override void Dispose(bool disposing)
        {
            lock (this)
            {
                if (_closed) return;
                Drain();
                _closed = true;
                if (_broken) return;
                try
                {
                    _pipe.SendClose();
                }
                catch (ChannelClosedException)
                {
                }
                _broken = true;
            }
        }

        private void Encode(ReadOnlySpan<char> text)
        {
            while (text.Length > 0)
            {
                if (_count == _capacity && !NextBuffer()) return;
                OperationStatus status = Utf8.FromUtf16(text, new Span<byte>(_bytes + _count, _capacity - _count),
                    out int read, out int written, isFinalBlock: false);
                _count += written;
                text = text.Slice(read);
                if (status == OperationStatus.NeedMoreData)
                {
                    _highSurrogate = text[0];
                    return;
                }
                if (status == OperationStatus.DestinationTooSmall) Send();
            }
        }

        // A buffer to fill: the spare, a new one (two at most), or the one with the reader once it is back.
        private bool NextBuffer()
        {
            if (!_connected) Connect();
            if (_broken) return false;
            if (_spare.IsNull)
            {
                if (_buffers < 2)
                {
                    _spare = ExArray<byte>.Allocate(BufferBytes);
                    _buffers++;
                }
                else if (!TakeBack(-1)) return false;
            }
            _current = _spare;
            _spare = default;
            Span<byte> bytes = _current.Span;
            fixed (byte* b = bytes) _bytes = b;     // exchange-heap memory does not move
            _capacity = bytes.Length;
            _count = 0;
            return true;
        }

        // Sends the buffer being filled; first takes back the one with the reader (one write in flight).
        private void Send()
        {
            if (_count == 0 || _broken) return;
            if (_inFlight && !TakeBack(-1)) return;
            try
            {
                _pipe.SendWrite(_current, _count);
                _inFlight = true;
            }
            catch (ChannelClosedException)
            {
                Break();
                return;
            }
            _current = default;
            _bytes = null;
            _capacity = _count = 0;
        }

        // Waits for the buffer with the reader (Written); false when the reader is gone or the timeout passed.
        private bool TakeBack(long timeoutNanoseconds)
        {
            if (!_inFlight) return !_broken;
            try
            {
                // Waiting for ever needs no look first: the receive waits, and throws if the reader is gone.
                if (timeoutNanoseconds >= 0 && !_pipe.TryWaitNext(out _, timeoutNanoseconds))
                {
                    if (_pipe.IsClosed) Break();
                    return false;
                }
                _pipe.ReceiveWritten(out _spare);
                _inFlight = false;
                return true;
            }
            catch (ChannelClosedException)
            {
                Break();
                return false;
            }
        }

        private void Connect()
        {
            _connected = true;
            ulong endpoint = StandardStreams.Endpoint(_which);
            if (endpoint == 0) _broken = true;
            else _pipe = new PipeContract.Imp(endpoint);
        }

        // The reader is gone: drop the output from here on (the kernel reclaims the buffers when the process ends).
        private void Break()
        {
            _broken = true;
            _inFlight = false;
            _count = 0;
            _capacity = 0;
            _bytes = null;
        }
    }
}
