// A method's address taken with ldftn and kept as a number instead of becoming a delegate (IL patched: the nop and
// the call to Target become ldftn Target).
// debug
// patch Program.Main: 00 28 {Program.Target} -> FE 06 {Program.Target}
// expect: HV0002 Program.Main() at IL_
// expect: HV0002 (ldftn Program::Target): takes a method's address outside a delegate creation
public static class Program
{
    private static nint Target() => 0;

    public static nint Main()
    {
        nint address = Target();
        return address;
    }
}
