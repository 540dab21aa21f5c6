// The root of exceptions. Messages and ToString() follow the BCL's wording, so the same test passes on the host CLR.
namespace System
{
    public class Exception
    {
        private readonly string _message;
        private readonly Exception _innerException;

        public Exception() { }

        public Exception(string message) { _message = message; }

        public Exception(string message, Exception innerException)
        {
            _message = message;
            _innerException = innerException;
        }

        public virtual string Message => _message ?? "Exception of type '" + GetType().FullName + "' was thrown.";

        public Exception InnerException => _innerException;

        public int HResult { get; set; }

        // Filled in when exceptions unwind (a later runtime); null until then.
        public virtual string StackTrace => null;

        public override string ToString()
        {
            string text = GetType().FullName;
            string message = Message;
            if (!string.IsNullOrEmpty(message)) text = text + ": " + message;
            if (_innerException is not null) text = text + " ---> " + _innerException.ToString();
            return text;
        }
    }
}
