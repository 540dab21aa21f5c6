// is, as, casts (to classes, interfaces, arrays), boxing and Nullable, and a failing cast.
using System;
using System.Collections.Generic;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class CastsTests
    {
        private static object Make(int kind) => kind switch
        {
            0 => new Square(2),
            1 => new Rectangle(1, 2),
            2 => "text",
            3 => new Up(),
            _ => new int[] { 1 },
        };

        [Test]
        public static void IsAndAs()
        {
            Assert.True(Make(0) is Shape);
            Assert.True(Make(0) is Square);
            Assert.False(Make(1) is Square);
            Assert.Null(Make(2) as Shape);
            Assert.NotNull(Make(3) as ICounter);
            Assert.Null(Make(0) as ICounter);
            Assert.True(Make(4) is int[]);
            Assert.True(Make(4) is Array);
            Assert.True(Make(2) is IComparable<string>);
            object nothing = null;
            Assert.False(nothing is object);
        }

        [Test]
        public static void PatternMatching()
        {
            string Describe(object o) => o switch
            {
                Square s => "square " + s.Area(),
                Shape shape => "shape " + shape.Name,
                string { Length: > 3 } text => "long text " + text,
                string text => "text " + text,
                null => "null",
                _ => "other",
            };
            Assert.Equal("square 4", Describe(Make(0)));
            Assert.Equal("shape rectangle", Describe(Make(1)));
            Assert.Equal("text hi", Describe("hi"));
            Assert.Equal("long text helios", Describe("helios"));
            Assert.Equal("null", Describe(null));
            Assert.Equal("other", Describe(3.5));
        }

        [Test]
        public static void SuccessfulCasts()
        {
            object o = Make(1);
            Shape shape = (Shape)o;
            Assert.Equal(2, shape.Area());
            ICounter counter = (ICounter)Make(3);
            Assert.Equal(1, counter.Next());
            object[] objects = new string[] { "s" };
            string[] strings = (string[])objects;
            Assert.Equal("s", strings[0]);
        }

        [Test]
        public static void BoxingAndNullable()
        {
            object boxed = 42;
            Assert.Equal(42, (int)boxed);
            Assert.True(boxed.Equals(42));
            Assert.Equal("42", boxed.ToString());
            object point = new Point(1, 2);
            Point unboxed = (Point)point;
            Assert.Equal(2, unboxed.Y);
            int? maybe = null;
            Assert.False(maybe.HasValue);
            Assert.Null((object)maybe);
            maybe = 5;
            object boxedMaybe = maybe;
            Assert.True(boxedMaybe is int);
            Assert.Equal(5, (int)boxedMaybe);
            int? back = (int?)boxedMaybe;
            Assert.Equal(5, back.Value);
            Assert.Equal(7, (maybe ?? 0) + 2);
            object day = DayOfWeekLike.Friday;
            Assert.Equal(1, (int)(DayOfWeekLike)day);
        }

        [Test]
        public static void VariantInterfaces()
        {
            IEnumerable<string> strings = new List<string> { "a", "bb" };
            IEnumerable<object> objects = strings;
            int total = 0;
            foreach (object o in objects) total += ((string)o).Length;
            Assert.Equal(3, total);
            Assert.True((object)strings is IEnumerable<object>);
        }

        [Test]
        [ExpectPanic("System.InvalidCastException")]
        public static void FailingCastIsReported()
        {
            object o = Make(2);
            Shape shape = (Shape)o;
            Assert.Fail("the cast succeeded: " + shape.Name);
        }
    }
}
