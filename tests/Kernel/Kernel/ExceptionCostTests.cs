// What a throw costs the kernel: no heap. The dispatcher allocates nothing, and an exception object thrown again
// reuses its stack-trace buffer, so a hundred thousand throws of one object leave the heap where it was.
using System;
using System.Runtime.CompilerServices;
using Internal.Runtime;
using Helios.Testing;

namespace Helios.Kernel.Tests.Kernel
{
    internal static class ExceptionCostTests
    {
        private sealed class Signal : Exception
        {
            public Signal() : base("signal") { }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Raise(Exception exception, int depth)
        {
            if (depth == 0) throw exception;
            Raise(exception, depth - 1);
        }

        private static int ThrowAndCatch(Exception exception, int times)
        {
            int caught = 0;
            for (int i = 0; i < times; i++)
            {
                try { Raise(exception, i % 4); }
                catch (Signal) { caught++; }
                finally { caught++; }
            }
            return caught;
        }

        [Test]
        public static void AThrowAllocatesNothing()
        {
            var signal = new Signal();
            ThrowAndCatch(signal, 10);     // the trace buffer reaches its size
            ulong bytes = Heap.AllocatedBytes;
            ulong objects = Heap.ObjectCount;
            Assert.Equal(200_000, ThrowAndCatch(signal, 100_000));
            Assert.Equal(bytes, Heap.AllocatedBytes);
            Assert.Equal(objects, Heap.ObjectCount);
        }
    }
}
