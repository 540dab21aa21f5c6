// Throws kept out of line so that the methods calling them stay small and inlinable.
using System.Collections.Generic;

namespace System
{
    internal static class ThrowHelper
    {
        internal static void ThrowArgumentException(string message, string paramName) => throw new ArgumentException(message, paramName);
        internal static void ThrowArgumentNullException(string paramName) => throw new ArgumentNullException(paramName);
        internal static void ThrowArgumentOutOfRangeException(string paramName) => throw new ArgumentOutOfRangeException(paramName);
        internal static void ThrowIndexOutOfRangeException() => throw new IndexOutOfRangeException();
        internal static void ThrowArrayTypeMismatchException() => throw new ArrayTypeMismatchException();
        internal static void ThrowInvalidOperationException(string message) => throw new InvalidOperationException(message);
        internal static void ThrowNotSupportedException(string message) => throw new NotSupportedException(message);
        internal static void ThrowNullReferenceException() => throw new NullReferenceException();
        internal static void ThrowFormatException(string message) => throw new FormatException(message);
        internal static void ThrowOverflowException(string message) => throw new OverflowException(message);
        internal static void ThrowKeyNotFoundException(string key) => throw new KeyNotFoundException("The given key '" + key + "' was not present in the dictionary.");
        internal static void ThrowAddingDuplicateKey(string key) => throw new ArgumentException("An item with the same key has already been added. Key: " + key);
        internal static void ThrowCollectionModified() => throw new InvalidOperationException("Collection was modified; enumeration operation may not execute.");
    }
}
