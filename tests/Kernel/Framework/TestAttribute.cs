// Marks a test: a static, parameterless, void method. Helios.TestGenerator lists every one in TestRegistry.All.
using System;

namespace Helios.Testing
{
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class TestAttribute : Attribute
    {
        /// <summary>Tests with a category run only when asked for by name (e.g. the harness's own probes).</summary>
        public string Category { get; set; } = "";
    }

    /// <summary>
    /// The test passes only if it ends the kernel with a panic whose report contains this text. Such a test runs in a
    /// boot of its own (exceptions do not unwind yet); on the host CLR it must throw an exception whose text
    /// contains it.
    /// </summary>
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class ExpectPanicAttribute : Attribute
    {
        public ExpectPanicAttribute(string text) { Text = text; }

        public string Text { get; }
    }

    public readonly unsafe struct TestCase
    {
        public TestCase(string name, string category, string expectPanic, delegate*<void> run)
        {
            Name = name;
            Category = category;
            ExpectPanic = expectPanic;
            Run = run;
        }

        public string Name { get; }

        public string Category { get; }

        public string ExpectPanic { get; }

        public delegate*<void> Run { get; }
    }
}
