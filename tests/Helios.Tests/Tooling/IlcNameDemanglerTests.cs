// ilc's mangled names, as they appear in the built images, demangled against the assemblies.
using Helios.Tooling.Symbols;
using Internal.Runtime;
using Xunit;

namespace Helios.Tests.Tooling;

public class IlcNameDemanglerTests
{
    private static readonly IlcNameDemangler Demangler = new(new[]
    {
        TestData.Bin("Helios.Runtime", "Helios.Runtime.dll"),
        TestData.Bin("Helios.Kernel", "Helios.Kernel.dll"),
    });

    [Theory]
    [InlineData("Helios_Kernel_Helios_Kernel_KernelMain__Entry", "Helios.Kernel.KernelMain.Entry")]
    [InlineData("Helios_Kernel_Helios_Kernel_Boot_Pvh_PvhStartInfo__ReadMemoryMap", "Helios.Kernel.Boot.Pvh.PvhStartInfo.ReadMemoryMap")]
    [InlineData("Helios_Runtime_System_Number__FormatInteger", "System.Number.FormatInteger")]
    [InlineData("Int32__ToString_2", "System.Int32.ToString")]
    [InlineData("Helios_Runtime_System_Collections_Generic_Dictionary_2<System___Canon__Int32>__FindEntry", "System.Collections.Generic.Dictionary<System.__Canon, System.Int32>.FindEntry")]
    [InlineData("Helios_Runtime_System_Collections_Generic_List_1<Helios_Kernel_Helios_Kernel_Boot_MemoryRegion>__Add", "System.Collections.Generic.List<Helios.Kernel.Boot.MemoryRegion>.Add")]
    public void Methods(string mangled, string expected)
        => Assert.Equal((expected, SymbolKind.Code), Demangler.Demangle(mangled, isCode: true));

    [Theory]
    [InlineData("_ZTV6String", "System.String")]
    [InlineData("_ZTV11Boxed_Int32", "System.Int32")]
    [InlineData("_ZTV11Boxed_UInt8", "System.Byte")]
    [InlineData("_ZTV14__Array<Int32>", "System.Int32[]")]
    [InlineData("_ZTV23__Array<__Array<Int32>>", "System.Int32[][]")]
    [InlineData("_ZTV41Helios_Kernel_Helios_Kernel_Boot_BootInfo", "Helios.Kernel.Boot.BootInfo")]
    public void Types(string mangled, string expected)
        => Assert.Equal((expected, SymbolKind.Type), Demangler.Demangle(mangled, isCode: false));

    [Theory]
    [InlineData("pvh_entry32")]
    [InlineData("RhpAssignRef")]
    public void CSymbolsStayAsTheyAre(string name) => Assert.Equal(name, Demangler.Demangle(name, isCode: true).Name);
}
