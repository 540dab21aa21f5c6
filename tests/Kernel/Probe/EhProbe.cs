using System;
using System.Runtime.CompilerServices;
namespace Helios.Kernel.Tests.Probe
{
    internal static class EhProbe
    {
        public static int Counter;
        [Helios.Testing.Test] public static void Probe() {
            Helios.Testing.Assert.Equal(3, CatchIt(1) - 101);
            Counter = 0;
            try { FinallyIt(2); } catch (InvalidOperationException) { Counter += 1000; }
            Helios.Testing.Assert.Equal(1010, Counter);
            Counter = 0;
            try { FilterIt(1); } catch (InvalidOperationException) { Counter = 5; }
            Helios.Testing.Assert.Equal(5, Counter);
            Helios.Testing.Assert.Equal(1, FilterIt(0) + 1);
        }
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void Thrower(int x) { if (x > 0) throw new InvalidOperationException("x"); Counter++; }

        [MethodImpl(MethodImplOptions.NoInlining)]
        public static int CatchIt(int x)
        {
            int local = x * 3;
            try { Thrower(x); local++; }
            catch (InvalidOperationException e) { local += e.Message.Length + 100; }
            return local;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        public static int FinallyIt(int x)
        {
            int local = x * 5;
            try { Thrower(x); }
            finally { Counter += local; }
            return local;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        public static int FilterIt(int x)
        {
            int local = x * 7;
            try { Thrower(x); }
            catch (Exception e) when (e.Message.Length == local) { local = 1; }
            catch (InvalidOperationException) when (local == 7) { local = 2; throw; }
            return local;
        }
    }
}
