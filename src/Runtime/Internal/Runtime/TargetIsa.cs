// The ISA an image is compiled for. A compile-time constant in each image (the build passes
// --feature:Helios.Isa.X64=true|false to ilc), so code that branches on it carries only its own ISA's side.
using System.Diagnostics.CodeAnalysis;

namespace Internal.Runtime
{
    public static class TargetIsa
    {
        [FeatureSwitchDefinition("Helios.Isa.X64")]
        public static bool IsX64 => true;
    }
}
