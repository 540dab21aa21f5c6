// The standard exception types, with the BCL's default messages.

namespace System
{
    public class SystemException : Exception
    {
        public SystemException() : base("System error.") { }

        public SystemException(string message) : base(message) { }

        public SystemException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class ArithmeticException : SystemException
    {
        public ArithmeticException() : base("Overflow or underflow in the arithmetic operation.") { }

        public ArithmeticException(string message) : base(message) { }

        public ArithmeticException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class DivideByZeroException : ArithmeticException
    {
        public DivideByZeroException() : base("Attempted to divide by zero.") { }

        public DivideByZeroException(string message) : base(message) { }

        public DivideByZeroException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class OverflowException : ArithmeticException
    {
        public OverflowException() : base("Arithmetic operation resulted in an overflow.") { }

        public OverflowException(string message) : base(message) { }

        public OverflowException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class IndexOutOfRangeException : SystemException
    {
        public IndexOutOfRangeException() : base("Index was outside the bounds of the array.") { }

        public IndexOutOfRangeException(string message) : base(message) { }

        public IndexOutOfRangeException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class InvalidCastException : SystemException
    {
        public InvalidCastException() : base("Specified cast is not valid.") { }

        public InvalidCastException(string message) : base(message) { }

        public InvalidCastException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class NullReferenceException : SystemException
    {
        public NullReferenceException() : base("Object reference not set to an instance of an object.") { }

        public NullReferenceException(string message) : base(message) { }

        public NullReferenceException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class InvalidOperationException : SystemException
    {
        public InvalidOperationException() : base("Operation is not valid due to the current state of the object.") { }

        public InvalidOperationException(string message) : base(message) { }

        public InvalidOperationException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class NotSupportedException : SystemException
    {
        public NotSupportedException() : base("Specified method is not supported.") { }

        public NotSupportedException(string message) : base(message) { }

        public NotSupportedException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class PlatformNotSupportedException : NotSupportedException
    {
        public PlatformNotSupportedException() : base("Operation is not supported on this platform.") { }

        public PlatformNotSupportedException(string message) : base(message) { }

        public PlatformNotSupportedException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class NotImplementedException : SystemException
    {
        public NotImplementedException() : base("The method or operation is not implemented.") { }

        public NotImplementedException(string message) : base(message) { }

        public NotImplementedException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class FormatException : SystemException
    {
        public FormatException() : base("One of the identified items was in an invalid format.") { }

        public FormatException(string message) : base(message) { }

        public FormatException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class OutOfMemoryException : SystemException
    {
        public OutOfMemoryException() : base("Insufficient memory to continue the execution of the program.") { }

        public OutOfMemoryException(string message) : base(message) { }

        public OutOfMemoryException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class ArrayTypeMismatchException : SystemException
    {
        public ArrayTypeMismatchException() : base("Attempted to access an element as a type incompatible with the array.") { }

        public ArrayTypeMismatchException(string message) : base(message) { }

        public ArrayTypeMismatchException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class TimeoutException : SystemException
    {
        public TimeoutException() : base("The operation has timed out.") { }

        public TimeoutException(string message) : base(message) { }

        public TimeoutException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System.Collections.Generic
{
    public class KeyNotFoundException : System.SystemException
    {
        public KeyNotFoundException() : base("The given key was not present in the dictionary.") { }

        public KeyNotFoundException(string message) : base(message) { }

        public KeyNotFoundException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class TypeLoadException : SystemException
    {
        public TypeLoadException() : base("Failure has occurred while loading a type.") { }

        public TypeLoadException(string message) : base(message) { }

        public TypeLoadException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class MissingMemberException : SystemException
    {
        public MissingMemberException() : base("Attempted to access a missing member.") { }

        public MissingMemberException(string message) : base(message) { }

        public MissingMemberException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}

namespace System
{
    public class InvalidProgramException : SystemException
    {
        public InvalidProgramException() : base("Common Language Runtime detected an invalid program.") { }

        public InvalidProgramException(string message) : base(message) { }

        public InvalidProgramException(string message, System.Exception innerException) : base(message, innerException) { }
    }
}
