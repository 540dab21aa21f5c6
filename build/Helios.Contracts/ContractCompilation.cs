// The result of compiling a set of .contract files together: the syntax, the checked contracts and structs, and
// every diagnostic. Models are complete only when there are no diagnostics.
using System.Collections.Generic;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Semantics;
using Helios.Contracts.Syntax;
using Helios.Contracts.Text;

namespace Helios.Contracts;

public sealed class ContractCompilation
{
    internal ContractCompilation(IReadOnlyList<CompilationUnitSyntax> units, IReadOnlyList<StructModel> structs,
        IReadOnlyList<ContractModel> contracts, IReadOnlyList<Diagnostic> diagnostics)
    {
        Units = units;
        Structs = structs;
        Contracts = contracts;
        Diagnostics = diagnostics;
    }

    public IReadOnlyList<CompilationUnitSyntax> Units { get; }

    public IReadOnlyList<StructModel> Structs { get; }

    /// <summary>The contracts in declaration order (file by file).</summary>
    public IReadOnlyList<ContractModel> Contracts { get; }

    public IReadOnlyList<Diagnostic> Diagnostics { get; }

    public bool HasErrors => Diagnostics.Count > 0;

    public ContractModel? FindContract(string name)
    {
        foreach (ContractModel c in Contracts)
            if (c.Name == name) return c;
        return null;
    }
}
