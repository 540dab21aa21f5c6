// process_create_exit's process: does nothing and exits, like the static binary Linux's fork + exec + wait case runs.
namespace BenchEmpty
{
    public static class Program
    {
        public static int Main() => 0;
    }
}
