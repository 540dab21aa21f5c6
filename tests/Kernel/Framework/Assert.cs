// Assertions for tests that run in the kernel and on the host. A failed assertion records the failure and the test
// goes on; the runner reports the first failure.
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

        public static void Fail(string message, [CallerFilePath] string file = null, [CallerLineNumber] int line = 0)
            => TestContext.Fail(message, file, line);

        /// <summary>
        /// Runs action and expects it to throw exactly TException (not a subclass: the type is part of the BCL's
        /// behaviour being pinned). Returns the exception, or null after recording a failure.
        /// </summary>
        public static TException Throws<TException>(Action action, [CallerArgumentExpression(nameof(action))] string expression = null,
            [CallerFilePath] string file = null, [CallerLineNumber] int line = 0) where TException : Exception
        {
            try
            {
                action();
            }
            catch (Exception e)
            {
                if (e.GetType() == typeof(TException)) return (TException)e;
                TestContext.Fail("expected " + typeof(TException).FullName + ", got " + e.GetType().FullName + " (" + e.Message
                                 + ") from " + expression, file, line);
                return null;
            }
            TestContext.Fail("expected " + typeof(TException).FullName + ", but nothing was thrown by " + expression, file, line);
            return null;
        }

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
