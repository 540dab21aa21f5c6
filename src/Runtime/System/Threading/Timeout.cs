// The BCL's name for "wait forever" in timeouts given in milliseconds.
namespace System.Threading
{
    public static class Timeout
    {
        public const int Infinite = -1;
    }
}
