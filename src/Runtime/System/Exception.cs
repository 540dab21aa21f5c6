// The root of exceptions. Messages and ToString() follow the BCL's wording, so the same test passes on the host CLR.
// The stack trace is the return addresses the dispatcher passed on its first pass (ExceptionDispatcher), named from
// the image's symbol table when it is read.
using Internal.Runtime;

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

        private nint[] _stackFrames;    // reused when the same object is thrown again: a throw allocates nothing
        private int _stackFrameCount;

        /// <summary>Where the exception was thrown and the frames it passed, innermost first; null until thrown.</summary>
        public virtual string StackTrace
        {
            get
            {
                if (_stackFrameCount == 0) return null;
                var text = new Text.StringBuilder();
                for (int i = 0; i < _stackFrameCount; i++)
                {
                    if (i > 0) text.Append(Environment.NewLine);
                    text.Append("   at ").Append(DescribeFrame(_stackFrames[i]));
                }
                return text.ToString();
            }
        }

        public override string ToString()
        {
            string text = GetType().FullName;
            string message = Message;
            if (!string.IsNullOrEmpty(message)) text = text + ": " + message;
            if (_innerException is not null)
                text = text + Environment.NewLine + " ---> " + _innerException.ToString() + Environment.NewLine + "   --- End of inner exception stack trace ---";
            string stackTrace = StackTrace;
            if (stackTrace is not null) text = text + Environment.NewLine + stackTrace;
            return text;
        }

        internal void ResetStackTrace() => _stackFrameCount = 0;

        internal void AppendStackFrame(nint returnAddress)
        {
            if (_stackFrames is null || _stackFrameCount == _stackFrames.Length)
            {
                var grown = new nint[_stackFrames is null ? 16 : _stackFrames.Length * 2];
                for (int i = 0; i < _stackFrameCount; i++) grown[i] = _stackFrames[i];
                _stackFrames = grown;
            }
            _stackFrames[_stackFrameCount++] = returnAddress;
        }

        private static unsafe string DescribeFrame(nint address)
        {
            if (ImageSymbols.TryLookup((void*)address, out string name, out ulong offset, out _))
                return name + " + 0x" + offset.ToString("x");
            return "0x" + ((ulong)address).ToString("x");
        }
    }
}
