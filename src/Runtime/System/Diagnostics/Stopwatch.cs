// Elapsed time as the BCL measures it, over the host's counter (the kernel's cycle counter: rdtsc, CNTVCT).
using Internal.Runtime;

namespace System.Diagnostics
{
    public sealed class Stopwatch
    {
        private long _started;
        private long _elapsed;
        private bool _running;

        public static readonly long Frequency = RuntimeHost.TimestampFrequency();

        public static readonly bool IsHighResolution = true;

        public static long GetTimestamp() => RuntimeHost.Timestamp();

        public static Stopwatch StartNew()
        {
            var stopwatch = new Stopwatch();
            stopwatch.Start();
            return stopwatch;
        }

        public bool IsRunning => _running;

        public void Start()
        {
            if (_running) return;
            _started = GetTimestamp();
            _running = true;
        }

        public void Stop()
        {
            if (!_running) return;
            _elapsed += GetTimestamp() - _started;
            _running = false;
        }

        public void Reset()
        {
            _elapsed = 0;
            _running = false;
        }

        public void Restart()
        {
            _elapsed = 0;
            _started = GetTimestamp();
            _running = true;
        }

        public long ElapsedTicks => _running ? _elapsed + GetTimestamp() - _started : _elapsed;

        public long ElapsedMilliseconds => ElapsedTicks * 1000 / Frequency;

    }
}
