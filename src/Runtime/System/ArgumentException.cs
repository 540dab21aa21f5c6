// Argument exceptions carry the parameter name and print it the BCL's way: "message (Parameter 'name')".
namespace System
{
    public class ArgumentException : SystemException
    {
        private readonly string _paramName;

        public ArgumentException() : base("Value does not fall within the expected range.") { }

        public ArgumentException(string message) : base(message) { }

        public ArgumentException(string message, Exception innerException) : base(message, innerException) { }

        public ArgumentException(string message, string paramName) : base(message) { _paramName = paramName; }

        public virtual string ParamName => _paramName;

        public override string Message
        {
            get
            {
                string message = base.Message;
                return string.IsNullOrEmpty(_paramName) ? message : message + " (Parameter '" + _paramName + "')";
            }
        }

        public static void ThrowIfNullOrEmpty(string argument, string paramName = null)
        {
            if (argument is null) ThrowHelper.ThrowArgumentNullException(paramName);
            if (argument.Length == 0) ThrowHelper.ThrowArgumentException("The value cannot be an empty string.", paramName);
        }
    }

    public class ArgumentNullException : ArgumentException
    {
        public ArgumentNullException() : base("Value cannot be null.") { }

        public ArgumentNullException(string paramName) : base("Value cannot be null.", paramName) { }

        public ArgumentNullException(string paramName, string message) : base(message, paramName) { }

        public static void ThrowIfNull(object argument, string paramName = null)
        {
            if (argument is null) ThrowHelper.ThrowArgumentNullException(paramName);
        }
    }

    public class ArgumentOutOfRangeException : ArgumentException
    {
        public ArgumentOutOfRangeException() : base("Specified argument was out of the range of valid values.") { }

        public ArgumentOutOfRangeException(string paramName) : base("Specified argument was out of the range of valid values.", paramName) { }

        public ArgumentOutOfRangeException(string paramName, string message) : base(message, paramName) { }

        public static void ThrowIfNegative(int value, string paramName = null)
        {
            if (value < 0) ThrowHelper.ThrowArgumentOutOfRangeException(paramName);
        }
    }
}
