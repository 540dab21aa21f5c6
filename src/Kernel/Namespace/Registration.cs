// A service's place in the namespace: its path, its contract, its owner, and the endpoints clients bound to it that
// it has not accepted yet (already the owner's: a bind moves the client's exporter end to the service). The service
// accepts them one at a time, blocking until one comes; Remove takes the path back and closes what was not accepted.
using System.Collections.Generic;
using Helios.Channels;
using Helios.Kernel.Threading;

namespace Helios.Kernel.Namespace
{
    public sealed class Registration
    {
        private readonly Queue<ulong> _pending = new Queue<ulong>();
        private readonly Semaphore _arrived = new Semaphore(0);
        private readonly ManualResetEvent _removed = new ManualResetEvent();

        internal Registration(string path, ContractInfo contract, ExOwner owner)
        {
            Path = path;
            Contract = contract;
            Owner = owner;
        }

        public string Path { get; }

        public ContractInfo Contract { get; }

        public ExOwner Owner { get; }

        /// <summary>False once removed (by the service, or because its owner died).</summary>
        public bool IsRegistered { get; internal set; } = true;

        /// <summary>
        /// Waits for the next client (nanoseconds; -1 forever) and returns its exporter endpoint's handle, held by the
        /// service's owner (wrap it: new PingPongContract.Exp(handle)); 0 on timeout or once the path is removed.
        /// </summary>
        public ulong Accept(long timeoutNanoseconds = WaitDispatcher.Infinite)
        {
            var objects = new WaitObject[] { _arrived, _removed };
            if (WaitDispatcher.WaitAny(objects, timeoutNanoseconds) != 0) return 0;
            lock (_pending) return _pending.Dequeue();
        }

        /// <summary>Takes the path out of the namespace; endpoints bound but not accepted are closed.</summary>
        public void Remove() => NameService.Remove(this);

        internal void Enqueue(ulong endpoint)
        {
            lock (_pending) _pending.Enqueue(endpoint);
            _arrived.Release();
        }

        // After removal: close what no one will accept (their clients see the channel closed).
        internal void Drain()
        {
            _removed.Set();
            ExchangeHeap heap = ExchangeHeap.Current;
            while (true)
            {
                ulong endpoint;
                lock (_pending)
                {
                    if (_pending.Count == 0) return;
                    endpoint = _pending.Dequeue();
                }
                if (Owner.IsAlive && heap.IsLive(endpoint))
                    heap.CloseEndpoint(endpoint, Owner);
            }
        }
    }
}
