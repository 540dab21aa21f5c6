// throw_catch_1frame, throw_catch_10frames: an exception thrown and caught 1 and 10 frames above the throw. One
// operation is one throw + catch: allocating the exception, the two-pass dispatch, the handler (as Linux's C++ case:
// a new exception object every time, noinline frames that do work after their calls).
using System;
using System.Runtime.CompilerServices;

namespace Helios.Kernel.Bench.Cases
{
    internal static unsafe class ThrowCatch
    {
        private const ulong Operations = 1000;

        private sealed class BenchException : Exception
        {
            public BenchException() : base("bench") { }
        }

        private static int s_frames;
        private static ulong s_caught;
        private static ulong s_unwound;

        public static void Run()
        {
            s_frames = 1;
            Measure.Run("throw_catch_1frame", Operations, &Batch);
            s_frames = 10;
            Measure.Run("throw_catch_10frames", Operations, &Batch);
        }

        private static void Batch(ulong operations)
        {
            for (ulong i = 0; i < operations; i++) CatchOnce(s_frames);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void CatchOnce(int frames)
        {
            try
            {
                Descend(frames);
            }
            catch (Exception)
            {
                s_caught++;
            }
        }

        // Frame 1 is the one that throws; frame `frames` is called by the method with the try block.
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Descend(int frames)
        {
            if (frames <= 1) throw new BenchException();
            Descend(frames - 1);
            s_unwound++;
        }
    }
}
