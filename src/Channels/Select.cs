// Sing#'s `switch receive`: wait on several endpoints and messages at once. Each case names an endpoint and either
// one message, any message, or the channel's closing; Wait returns the first case (in the order added) that the
// endpoints' next messages satisfy, sleeping until one does. The chosen message is then received with the
// endpoint's typed Receive method. As in Sing#, an endpoint's next message that none of its cases accepts is an
// error (UnexpectedMessageException), as is a closed channel without a Closed case (ChannelClosedException).
using System;

namespace Helios.Channels
{
    /// <summary>One arm of a Select: an endpoint and the message it waits for (AnyMessage, or ClosedChannel).</summary>
    public readonly struct SelectCase
    {
        public const int AnyMessage = -1;
        public const int ClosedChannel = -2;

        public SelectCase(ulong endpoint, ContractInfo contract, byte side, int message)
        {
            Endpoint = endpoint;
            Contract = contract;
            Side = side;
            Message = message;
        }

        public ulong Endpoint { get; }
        public ContractInfo Contract { get; }
        public byte Side { get; }
        public int Message { get; }
    }

    public sealed class Select
    {
        private SelectCase[] _cases = new SelectCase[4];
        private int _count;
        private object _waitList;

        /// <summary>Adds a case; returns its index, what Wait returns when it is chosen.</summary>
        public int Add(SelectCase arm)
        {
            if (_count == _cases.Length)
            {
                var grown = new SelectCase[_cases.Length * 2];
                Array.Copy(_cases, grown, _count);
                _cases = grown;
            }
            _cases[_count] = arm;
            _waitList = null;
            return _count++;
        }

        public int Count => _count;

        /// <summary>Waits for a case; returns its index, or -1 if the timeout (nanoseconds, -1 forever) passed first.</summary>
        public int Wait(long timeoutNanoseconds = -1)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null) throw new ChannelException("select in a process is not supported yet: wait on one endpoint at a time");
            ChannelHost host = heap.Host;
            ExOwner owner = host.CurrentOwner;
            while (true)
            {
                nuint state = host.Lock();
                try
                {
                    int chosen = MatchLocked(heap, owner);
                    if (chosen >= 0) return chosen;
                    if (_waitList is null) _waitList = BuildWaitListLocked(heap, owner);
                }
                finally
                {
                    host.Unlock(state);
                }
                if (host.WaitAny(_waitList, timeoutNanoseconds) < 0 && timeoutNanoseconds >= 0) return -1;
            }
        }

        private int MatchLocked(ExchangeHeap heap, ExOwner owner)
        {
            for (int i = 0; i < _count; i++)
            {
                Endpoint ep = Channel.ResolveLocked(heap, _cases[i].Endpoint, owner, _cases[i].Contract, _cases[i].Side);
                if (ep.Head != 0)
                {
                    int next = heap.SlotAt(ep.Head).MessageIndex;
                    if (_cases[i].Message == SelectCase.AnyMessage || _cases[i].Message == next) return i;
                }
                else if ((ep.Closed || ep.PeerClosed) && _cases[i].Message == SelectCase.ClosedChannel) return i;
            }
            // Nothing matched: an endpoint whose next message (or closing) no case takes is the receiver's error.
            for (int i = 0; i < _count; i++)
            {
                Endpoint ep = heap.SlotAt(ExHandle.SlotOf(_cases[i].Endpoint)).Endpoint;
                if (ep.Head != 0)
                    throw new UnexpectedMessageException(ep.Describe() + ": no case of the select takes its next message, "
                        + ep.Contract.MessageName(heap.SlotAt(ep.Head).MessageIndex));
                if (ep.Closed || ep.PeerClosed)
                    throw new ChannelClosedException(ep.Describe() + ": the channel closed and no case of the select takes that");
            }
            return -1;
        }

        private object BuildWaitListLocked(ExchangeHeap heap, ExOwner owner)
        {
            var signals = new object[_count];
            int distinct = 0;
            for (int i = 0; i < _count; i++)
            {
                object signal = heap.SlotAt(ExHandle.SlotOf(_cases[i].Endpoint)).Endpoint.Signal;
                bool seen = false;
                for (int j = 0; j < distinct; j++) seen |= signals[j] == signal;
                if (!seen) signals[distinct++] = signal;
            }
            return heap.Host.CreateWaitList(signals, distinct);
        }
    }
}
