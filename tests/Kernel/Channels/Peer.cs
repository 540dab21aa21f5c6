// A kernel thread running one side of a channel test: an exception in it is kept (a kernel thread's unhandled
// exception would end the kernel) and reported as the test's failure when the test joins it.
using System;
using Helios.Testing;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Tests.Channels
{
    internal sealed class Peer
    {
        private readonly Thread _thread;
        private Exception _failure;

        private Peer(Action body, string name, int affinity)
        {
            _thread = new Thread(() =>
            {
                try
                {
                    body();
                }
                catch (Exception e)
                {
                    _failure = e;
                }
            }, name, affinity);
        }

        /// <summary>Starts body in a thread (on the caller's CPU unless told otherwise, so that the test is deterministic).</summary>
        public static Peer Start(Action body, string name = "peer", int affinity = 0)
        {
            var peer = new Peer(body, name, affinity);
            peer._thread.Start();
            return peer;
        }

        /// <summary>Waits for the thread; an exception it ended with fails the test.</summary>
        public void Join()
        {
            _thread.Join();
            if (_failure is not null) Assert.Fail("the peer thread threw " + _failure.GetType().FullName + ": " + _failure.Message);
        }

        public Exception Failure
        {
            get
            {
                _thread.Join();
                return _failure;
            }
        }
    }
}
