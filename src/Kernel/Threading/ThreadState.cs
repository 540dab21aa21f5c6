// Where a thread is in its life. Only the scheduler (under the CPU's lock) changes it, except Created -> Ready.
namespace Helios.Kernel.Threading
{
    public enum ThreadState
    {
        Created,    // not started
        Ready,      // in a run queue
        Running,    // on a CPU
        Blocked,    // waiting for an object, a timeout or both
        Exited,
    }
}
