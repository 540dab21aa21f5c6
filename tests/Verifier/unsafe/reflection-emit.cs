// Reflection.Emit generates code at run time; even from an allowed assembly it is denied.
// library Helios.Reflection: namespace System.Reflection.Emit { public sealed class DynamicMethod { public DynamicMethod(string name) { } public object Invoke() => null; } }
// allow: Helios.Reflection
// expect: HV0007 Program.Main() at IL_0005 (newobj DynamicMethod::.ctor): uses System.Reflection.Emit.DynamicMethod: generates code at run time
// expect: HV0007 (call DynamicMethod::Invoke)
public static class Program
{
    public static object Main() => new System.Reflection.Emit.DynamicMethod("evil").Invoke();
}
