// Sing#'s `switch receive`: wait on several endpoints and messages at once. Each case names an endpoint and either
// one message, any message, or the channel's closing; Wait returns the first case (in the order added) that the
// endpoints' next messages satisfy, sleeping until one does. The chosen message is then received with the
// endpoint's typed Receive method. As in Sing#, an endpoint's next message that none of its cases accepts is an
// error (UnexpectedMessageException), as is a closed channel without a Closed case (ChannelClosedException).
// Every case's endpoint must be the caller's (of the case's contract and side) on every Wait, whichever case
// matches. In a process, Wait is one kernel call (helios_channel_select) that runs this same code in the kernel.
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
        /// <summary>The most distinct endpoints one select waits on (the kernel wait dispatcher's bound).</summary>
        public const int MaxEndpoints = 64;

        /// <summary>The most cases a select in a process may have (what one kernel call copies and checks).</summary>
        public const int MaxProcessCases = 256;

        private SelectCase[] _cases = new SelectCase[4];
        private int _count;
        private object _waitList;
        private SelectArm[] _arms;          // in a process: the cases as the kernel call takes them

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
            _arms = null;
            return _count++;
        }

        public int Count => _count;

        /// <summary>Waits for a case; returns its index, or -1 if the timeout (nanoseconds, -1 forever) passed first.</summary>
        public int Wait(long timeoutNanoseconds = -1)
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            if (heap is null) return WaitInProcess(timeoutNanoseconds);
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

        // The kernel's call, with the cases as SelectArms; the kernel throws nothing, the failure is thrown here.
        private unsafe int WaitInProcess(long timeoutNanoseconds)
        {
            if (_count > MaxProcessCases)
                throw new ChannelException("a select in a process takes at most " + MaxProcessCases.ToString() + " cases; this one has " + _count.ToString());
            if (_arms is null)
            {
                _arms = new SelectArm[_count];
                for (int i = 0; i < _count; i++)
                {
                    if (_cases[i].Contract is not null) RemoteChannel.Declared(_cases[i].Contract);    // the kernel knows it
                    _arms[i].Endpoint = _cases[i].Endpoint;
                    _arms[i].Contract = _cases[i].Contract is null ? 0 : _cases[i].Contract.Id;
                    _arms[i].Side = _cases[i].Side;
                    _arms[i].Message = _cases[i].Message;
                }
            }
            ChannelCalls calls = RemoteChannel.Calls;
            int code, chosen;
            fixed (SelectArm* arms = _arms) code = calls.Select(arms, _count, timeoutNanoseconds, out chosen);
            RemoteChannel.Check(calls, code);
            return chosen;
        }

        private int MatchLocked(ExchangeHeap heap, ExOwner owner)
        {
            // Every endpoint is checked first: a handle the caller does not hold fails even when an earlier case is ready.
            for (int i = 0; i < _count; i++)
                Channel.ResolveLocked(heap, _cases[i].Endpoint, owner, _cases[i].Contract, _cases[i].Side);
            for (int i = 0; i < _count; i++)
            {
                Endpoint ep = heap.SlotAt(ExHandle.SlotOf(_cases[i].Endpoint)).Endpoint;
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
                if (seen) continue;
                if (distinct == MaxEndpoints)
                    throw new ChannelException("a select waits on at most " + MaxEndpoints.ToString() + " endpoints; this one has more");
                signals[distinct++] = signal;
            }
            return heap.Host.CreateWaitList(signals, distinct);
        }
    }
}
