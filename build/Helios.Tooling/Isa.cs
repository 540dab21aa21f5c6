// The ISAs Helios runs on, by the names users type (--arch x86_64|arm64).
namespace Helios.Tooling;

public enum Isa
{
    X86_64,
    Arm64,
}

public static class IsaNames
{
    public static readonly string[] All = ["x86_64", "arm64"];

    public static string Name(this Isa isa) => isa == Isa.X86_64 ? "x86_64" : "arm64";

    public static Isa Parse(string name) => name switch
    {
        "x86_64" => Isa.X86_64,
        "arm64" => Isa.Arm64,
        _ => throw new ArgumentException($"unknown ISA '{name}' (expected x86_64 or arm64)"),
    };

    /// <summary>"all" means both, in a fixed order.</summary>
    public static IReadOnlyList<Isa> Expand(string name) => name == "all" ? [Isa.X86_64, Isa.Arm64] : [Parse(name)];
}
