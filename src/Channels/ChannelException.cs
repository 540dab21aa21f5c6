// The faults of channel use. Each is thrown in the thread that broke the rule (the offender), never in its peer:
// a protocol violation also closes the channel, so the peer sees it closed.
using System;

namespace Helios.Channels
{
    public class ChannelException : Exception
    {
        public ChannelException(string message) : base(message) { }
    }

    /// <summary>A send or receive the contract's protocol forbids in the endpoint's state; the channel is closed.</summary>
    public sealed class ProtocolViolationException : ChannelException
    {
        public ProtocolViolationException(string message) : base(message) { }
    }

    /// <summary>A handle used after its block or endpoint was sent (or freed): it belongs to someone else now.</summary>
    public sealed class UseAfterSendException : ChannelException
    {
        public UseAfterSendException(string message) : base(message) { }
    }

    /// <summary>A send on a channel whose peer is gone, or a receive on one with nothing left to receive.</summary>
    public sealed class ChannelClosedException : ChannelException
    {
        public ChannelClosedException(string message) : base(message) { }
    }

    /// <summary>A receive of one message when the next one is another (the receiver's mistake; the message stays).</summary>
    public sealed class UnexpectedMessageException : ChannelException
    {
        public UnexpectedMessageException(string message) : base(message) { }
    }

    /// <summary>A bind to a namespace path nobody has registered (yet: ServiceNamespace.Bind can wait for it).</summary>
    public sealed class ServiceNotRegisteredException : ChannelException
    {
        public ServiceNotRegisteredException(string message) : base(message) { }
    }

    /// <summary>The exchange heap cannot satisfy an allocation.</summary>
    public sealed class ExchangeHeapExhaustedException : ChannelException
    {
        public ExchangeHeapExhaustedException(string message) : base(message) { }
    }
}
