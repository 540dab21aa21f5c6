// Instructions C# never emits for safe code (IL patched over the nops of a debug build): break, jmp, tail., arglist.
// debug
// patch Program.Break: 00 2A -> 01 2A
// patch Program.Jump: 28 {Program.Other} -> 27 {Program.Other}
// patch Program.Tail: 00 28 {Program.Other} 00 2A -> FE 14 28 {Program.Other} 2A
// patch Program.Args: 00 28 {Program.Other} -> FE 00 26 00 00 00
// expect: HV0012 Program.Break() at IL_0000 (break): traps to a debugger
// expect: HV0012 Program.Jump() at IL_0001 (jmp Program::Other): jumps to another method
// expect: HV0012 Program.Tail() at IL_0000 (tail.)
// expect: HV0006 Program.Args() at IL_0000 (arglist)
public static class Program
{
    public static void Other() { }
    public static void Break() { }
    public static void Jump() { Other(); }
    public static void Tail() { Other(); }
    public static void Args() { Other(); }
}
