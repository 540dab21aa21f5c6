// Channel exceptions as numbers, for crossing the process ABI: the kernel catches what a channel operation threw
// on a process's behalf and returns its code (kernel entries must not throw), and the process throws the same
// exception type with the kernel's text, in the process: the offender faults, as on a kernel thread.
using System;

namespace Helios.Channels
{
    public static class ChannelErrors
    {
        public const int None = 0;
        public const int Channel = 1;
        public const int ProtocolViolation = 2;
        public const int UseAfterSend = 3;
        public const int Closed = 4;
        public const int UnexpectedMessage = 5;
        public const int Exhausted = 6;
        public const int Argument = 7;
        public const int Other = 8;
        public const int Namespace = 9;         // the namespace refused (thrown as a ChannelException in a process)
        public const int NotRegistered = 10;    // nothing at the path (ServiceNotRegisteredException)

        public static int CodeOf(Exception e) => e switch
        {
            ProtocolViolationException => ProtocolViolation,
            UseAfterSendException => UseAfterSend,
            ChannelClosedException => Closed,
            UnexpectedMessageException => UnexpectedMessage,
            ExchangeHeapExhaustedException => Exhausted,
            ServiceNotRegisteredException => NotRegistered,
            ChannelException => Channel,
            ArgumentException => Argument,
            _ => Other,
        };

        public static Exception Make(int code, string message) => code switch
        {
            ProtocolViolation => new ProtocolViolationException(message),
            UseAfterSend => new UseAfterSendException(message),
            Closed => new ChannelClosedException(message),
            UnexpectedMessage => new UnexpectedMessageException(message),
            Exhausted => new ExchangeHeapExhaustedException(message),
            Argument => new ArgumentException(message),
            NotRegistered => new ServiceNotRegisteredException(message),
            Channel or Namespace => new ChannelException(message),
            _ => new InvalidOperationException(message),
        };
    }
}
