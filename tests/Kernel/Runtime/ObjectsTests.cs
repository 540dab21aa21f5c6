// Classes, structs, virtual and interface calls. Several implementations of each interface are used through the
// same call site, so the calls go through real dispatch, not the compiler's devirtualization.
using System.Collections.Generic;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal abstract class Shape
    {
        protected Shape(string name) { Name = name; }

        public string Name { get; }

        public abstract int Area();

        public virtual string Describe() => Name + " of area " + Area().ToString();
    }

    internal sealed class Square : Shape
    {
        private readonly int _side;

        public Square(int side) : base("square") { _side = side; }

        public override int Area() => _side * _side;
    }

    internal class Rectangle : Shape
    {
        private readonly int _width, _height;

        public Rectangle(int width, int height) : this("rectangle", width, height) { }

        protected Rectangle(string name, int width, int height) : base(name)
        {
            _width = width;
            _height = height;
        }

        public override int Area() => _width * _height;
    }

    internal sealed class LabelledRectangle : Rectangle
    {
        public LabelledRectangle(int width, int height) : base("labelled", width, height) { }

        public override string Describe() => "[" + base.Describe() + "]";
    }

    internal interface ICounter
    {
        int Next();
    }

    internal sealed class Up : ICounter
    {
        private int _value;

        public int Next() => ++_value;
    }

    internal sealed class Down : ICounter
    {
        private int _value = 100;

        public int Next() => --_value;
    }

    internal sealed class Steps : ICounter
    {
        private int _value;

        public int Next() => _value += 10;
    }

    internal interface IBox<T>
    {
        T Get();

        void Put(T value);
    }

    internal sealed class Box<T> : IBox<T>
    {
        private T _value;

        public T Get() => _value;

        public void Put(T value) => _value = value;
    }

    internal sealed class CountingBox<T> : IBox<T>
    {
        private T _value;

        public int Puts { get; private set; }

        public T Get() => _value;

        public void Put(T value)
        {
            _value = value;
            Puts++;
        }
    }

    internal struct Point
    {
        public int X;
        public int Y;

        public Point(int x, int y)
        {
            X = x;
            Y = y;
        }

        public readonly int ManhattanLength => (X < 0 ? -X : X) + (Y < 0 ? -Y : Y);
    }

    internal static class ObjectsTests
    {
        [Test]
        public static void ClassesAndConstructors()
        {
            var square = new Square(4);
            Assert.Equal("square", square.Name);
            Assert.Equal(16, square.Area());
            var labelled = new LabelledRectangle(2, 5);
            Assert.Equal("labelled", labelled.Name);
            Assert.Equal(10, labelled.Area());
        }

        [Test]
        public static void StructsAreCopiedByValue()
        {
            var a = new Point(3, -4);
            Point b = a;
            b.X = 10;
            Assert.Equal(3, a.X);
            Assert.Equal(10, b.X);
            Assert.Equal(7, a.ManhattanLength);
            var points = new Point[] { new Point(1, 1), new Point(-2, 5) };
            points[1].Y = 0;
            Assert.Equal(0, points[1].Y);
            Assert.Equal(2, points[1].ManhattanLength);
        }

        [Test]
        public static void VirtualCallsAndBaseCalls()
        {
            var shapes = new List<Shape> { new Square(3), new Rectangle(2, 7), new LabelledRectangle(1, 2) };
            int total = 0;
            foreach (Shape shape in shapes) total += shape.Area();
            Assert.Equal(9 + 14 + 2, total);
            Assert.Equal("square of area 9", shapes[0].Describe());
            Assert.Equal("[labelled of area 2]", shapes[2].Describe());
        }

        [Test]
        public static void InterfaceCalls()
        {
            ICounter[] counters = { new Up(), new Down(), new Steps() };
            int sum = 0;
            for (int round = 0; round < 3; round++)
                foreach (ICounter counter in counters)
                    sum += counter.Next();
            // Up: 1+2+3, Down: 99+98+97, Steps: 10+20+30.
            Assert.Equal(6 + 294 + 60, sum);
        }

        [Test]
        public static void GenericInterfaceCalls()
        {
            var boxes = new List<IBox<string>> { new Box<string>(), new CountingBox<string>() };
            foreach (IBox<string> box in boxes) box.Put("helios");
            foreach (IBox<string> box in boxes) Assert.Equal("helios", box.Get());
            var numbers = new List<IBox<int>> { new CountingBox<int>(), new Box<int>() };
            for (int i = 0; i < numbers.Count; i++) numbers[i].Put(i + 40);
            Assert.Equal(40, numbers[0].Get());
            Assert.Equal(41, numbers[1].Get());
            Assert.Equal(1, ((CountingBox<int>)numbers[0]).Puts);
        }

        [Test]
        public static void ObjectEqualityAndHashing()
        {
            object a = new Up();
            object b = new Up();
            Assert.True(a.Equals(a));
            Assert.False(a.Equals(b));
            Assert.Equal(a.GetHashCode(), a.GetHashCode());
            Assert.True(object.ReferenceEquals(a, a));
            Assert.Equal(42.GetHashCode(), 42.GetHashCode());
        }
    }
}
