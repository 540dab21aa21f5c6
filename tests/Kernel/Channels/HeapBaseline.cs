// What the exchange heap held before a test: the test checks it is back there afterwards (every block and endpoint
// a test's channels and processes used was freed or closed).
using Helios.Channels;
using Helios.Testing;

namespace Helios.Kernel.Tests.Channels
{
    internal readonly struct HeapBaseline
    {
        private readonly int _handles;
        private readonly long _bytes;

        private HeapBaseline(int handles, long bytes)
        {
            _handles = handles;
            _bytes = bytes;
        }

        /// <summary>The live handles it saw (a test that waits for asynchronous frees looks at it).</summary>
        public int Handles => _handles;

        public static HeapBaseline Take() => new HeapBaseline(ExchangeHeap.Current.LiveHandles, ExchangeHeap.Current.LiveBytes);

        /// <summary>Handles only (a test whose bytes may legitimately differ, e.g. a reused chunk).</summary>
        public void AssertHandlesRestored() => Assert.Equal(_handles, ExchangeHeap.Current.LiveHandles);

        public void AssertRestored()
        {
            Assert.Equal(_handles, ExchangeHeap.Current.LiveHandles);
            Assert.Equal(_bytes, ExchangeHeap.Current.LiveBytes);
        }
    }
}
