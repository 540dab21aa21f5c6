// Thrown by Monitor.Exit when the calling thread does not hold the lock (the BCL's message).
namespace System.Threading
{
    public class SynchronizationLockException : SystemException
    {
        public SynchronizationLockException() : base("Object synchronization method was called from an unsynchronized block of code.") { }

        public SynchronizationLockException(string message) : base(message) { }
    }
}
