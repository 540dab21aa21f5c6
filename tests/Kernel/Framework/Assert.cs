// Assertions for tests that run in the kernel and on the host. Exceptions do not unwind in the kernel yet, so a
// failed assertion records the failure and the test goes on; the runner reports the first failure.
using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace Helios.Testing
{
    public static class Assert
    {
        public static void Equal<T>(T expected, T actual, [CallerArgumentExpression(nameof(actual))] string expression = null,
            [CallerFilePath] string file = null, [CallerLineNumber] int line = 0)
        {
            if (!EqualityComparer<T>.Default.Equals(expected, actual))
                TestContext.Fail("expected " + Show(expected) + ", got " + Show(actual) + " from " + expression, file, line);
        }

        public static void NotEqual<T>(T unexpected, T actual, [CallerArgumentExpression(nameof(actual))] string expression = null,
            [CallerFilePath] string file = null, [CallerLineNumber] int line = 0)
        {
            if (EqualityComparer<T>.Default.Equals(unexpected, actual))
                TestContext.Fail("did not expect " + Show(unexpected) + " from " + expression, file, line);
        }

        public static void True(bool condition, [CallerArgumentExpression(nameof(condition))] string expression = null,
            [CallerFilePath] string file = null, [CallerLineNumber] int line = 0)
        {
            if (!condition) TestContext.Fail("expected true: " + expression, file, line);
        }

        public static void False(bool condition, [CallerArgumentExpression(nameof(condition))] string expression = null,
            [CallerFilePath] string file = null, [CallerLineNumber] int line = 0)
        {
            if (condition) TestContext.Fail("expected false: " + expression, file, line);
        }

        public static void Null(object value, [CallerArgumentExpression(nameof(value))] string expression = null,
            [CallerFilePath] string file = null, [CallerLineNumber] int line = 0)
        {
            if (value is not null) TestContext.Fail("expected null: " + expression, file, line);
        }

        public static void NotNull(object value, [CallerArgumentExpression(nameof(value))] string expression = null,
            [CallerFilePath] string file = null, [CallerLineNumber] int line = 0)
        {
            if (value is null) TestContext.Fail("expected a value: " + expression, file, line);
        }

        public static void Same(object expected, object actual, [CallerArgumentExpression(nameof(actual))] string expression = null,
            [CallerFilePath] string file = null, [CallerLineNumber] int line = 0)
        {
            if (!ReferenceEquals(expected, actual)) TestContext.Fail("expected the same object: " + expression, file, line);
        }

        /// <summary>The action must throw exactly TException (exceptions unwind now, so this is catchable).</summary>
        public static void Throws<TException>(System.Action action, [CallerArgumentExpression(nameof(action))] string expression = null,
            [CallerFilePath] string file = null, [CallerLineNumber] int line = 0) where TException : System.Exception
        {
            try
            {
                action();
            }
            catch (System.Exception e)
            {
                if (e.GetType() != typeof(TException))
                    Fail(expression + ": expected " + typeof(TException).Name + ", got " + e.GetType().Name + ": " + e.Message, file, line);
                return;
            }
            Fail(expression + ": expected " + typeof(TException).Name + ", nothing was thrown", file, line);
        }

        public static void Fail(string message, [CallerFilePath] string file = null, [CallerLineNumber] int line = 0)
            => TestContext.Fail(message, file, line);

        private static string Show<T>(T value) => value is null ? "null" : value is string s ? "\"" + s + "\"" : value.ToString();
    }

    public static class TestContext
    {
        private static string s_firstFailure;
        private static int s_failures;

        public static string FirstFailure => s_firstFailure;

        public static int Failures => s_failures;

        public static void Begin()
        {
            s_firstFailure = null;
            s_failures = 0;
        }

        internal static void Fail(string message, string file, int line)
        {
            s_failures++;
            if (s_firstFailure is null) s_firstFailure = FileName(file) + ":" + line.ToString() + ": " + message;
        }

        private static string FileName(string path)
        {
            if (path is null) return "?";
            int slash = path.LastIndexOf('/');
            return slash < 0 ? path : path.Substring(slash + 1);
        }
    }
}
