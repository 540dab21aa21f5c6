// Exceptions crossing the kinds of calls C# makes: many frames, generic code over value and reference types,
// interface, virtual and delegate calls, property getters and constructors.
using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal interface IValve
    {
        int Open(int turns);
    }

    internal interface IGauge<T>
    {
        T Read(T limit);
    }

    internal class Valve : IValve, IGauge<long>, IGauge<string>
    {
        public virtual int Open(int turns) => turns > 3 ? throw new ProbeException("stuck at " + turns.ToString()) : turns;

        public long Read(long limit) => limit < 0 ? throw new ProbeException("negative") : limit;

        public string Read(string limit) => limit.Length == 0 ? throw new ProbeException("empty") : limit;
    }

    internal sealed class StiffValve : Valve
    {
        public override int Open(int turns) => base.Open(turns * 2);
    }

    internal sealed class Pipe
    {
        private readonly int _pressure;

        public Pipe(int pressure)
        {
            if (pressure > 100) throw new ArgumentOutOfRangeException(nameof(pressure));
            _pressure = pressure;
        }

        public int Pressure => _pressure < 0 ? throw new InvalidOperationException("vacuum") : _pressure;

        public int this[int segment] => segment >= 0 ? segment * _pressure : throw new IndexOutOfRangeException();
    }

    internal static class ExceptionPathsTests
    {
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int Recurse(int depth) => depth == 0 ? throw new ProbeException("bottom") : Recurse(depth - 1) + 1;

        [Test]
        public static void AnExceptionCrossesManyFrames()
        {
            string message = null;
            try { Recurse(200); }
            catch (ProbeException e) { message = e.Message; }
            Assert.Equal("bottom", message);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static T Check<T>(T value, Func<T, bool> bad)
        {
            if (bad(value)) throw new ProbeException("bad " + value.ToString());
            return value;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static List<T> Collect<T>(T[] values, Func<T, bool> bad)
        {
            var list = new List<T>();
            try
            {
                foreach (T value in values) list.Add(Check(value, bad));
            }
            finally { list.Add(default); }
            return list;
        }

        [Test]
        public static void ThroughGenericCodeOverValuesAndReferences()
        {
            string ints = null, strings = null;
            try { Collect(new[] { 1, 2, 3 }, v => v == 2); }
            catch (ProbeException e) { ints = e.Message; }
            try { Collect(new[] { "a", "", "c" }, v => v.Length == 0); }
            catch (ProbeException e) { strings = e.Message; }
            Assert.Equal("bad 2", ints);
            Assert.Equal("bad ", strings);
            Assert.Equal(4, Collect(new[] { 7, 8, 9 }, v => false).Count);
        }

        [Test]
        public static void ThroughInterfaceAndVirtualCalls()
        {
            IValve valve = new StiffValve();
            IGauge<long> longs = new Valve();
            IGauge<string> strings = new Valve();
            var caught = new List<string>();
            try { valve.Open(2); }
            catch (ProbeException e) { caught.Add(e.Message); }
            try { longs.Read(-1); }
            catch (ProbeException e) { caught.Add(e.Message); }
            try { strings.Read(""); }
            catch (ProbeException e) { caught.Add(e.Message); }
            Assert.Equal(3, caught.Count);
            Assert.Equal("stuck at 4", caught[0]);
            Assert.Equal("negative", caught[1]);
            Assert.Equal("empty", caught[2]);
            Assert.Equal(1, valve.Open(1) - 1);
        }

        [Test]
        public static void ThroughDelegatesAndLambdas()
        {
            int calls = 0;
            Func<int, int> step = x =>
            {
                calls++;
                return x > 2 ? throw new ProbeException("at " + x.ToString()) : x + 1;
            };
            Func<int, int> twice = x => step(step(x));
            Action<int> run = x => twice(twice(x));
            string message = null;
            try { run(0); }
            catch (ProbeException e) { message = e.Message; }
            Assert.Equal("at 3", message);
            Assert.Equal(4, calls);
        }

        [Test]
        public static void FromConstructorsGettersAndIndexers()
        {
            var caught = new List<string>();
            try { new Pipe(101); }
            catch (ArgumentOutOfRangeException e) { caught.Add(e.ParamName); }
            try { _ = new Pipe(-1).Pressure; }
            catch (InvalidOperationException e) { caught.Add(e.Message); }
            try { _ = new Pipe(5)[-1]; }
            catch (IndexOutOfRangeException) { caught.Add("index"); }
            Assert.Equal(3, caught.Count);
            Assert.Equal("pressure", caught[0]);
            Assert.Equal("vacuum", caught[1]);
            Assert.Equal("index", caught[2]);
            Assert.Equal(10, new Pipe(5)[2]);
        }
    }
}
