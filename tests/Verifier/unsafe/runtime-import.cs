// [RuntimeImport] binds a method to a native symbol of the image: here the kernel's own fail-fast hook.
// expect: HV0004 Program.FailFast(): [RuntimeImport]: binds a method to a native symbol
// expect: HV0004 Program.FailFast(): has no body (extern)
// expect: HV0007 uses System.Runtime.RuntimeImportAttribute
public static class Program
{
    [System.Runtime.RuntimeImport("helios_host_fail_fast")]
#pragma warning disable CS0626
    private static extern void FailFast();
#pragma warning restore CS0626

    public static void Main() => FailFast();
}
