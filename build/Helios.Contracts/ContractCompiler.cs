// The front end's entry point: parse .contract files, declare their structs and contracts in one name space,
// check and lay out structs, then contracts (bases first), and report everything found. Used by the source
// generator, `helios contract check` and the tests alike. Never throws on any input.
using System.Collections.Generic;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Semantics;
using Helios.Contracts.Syntax;
using Helios.Contracts.Text;

namespace Helios.Contracts;

public static class ContractCompiler
{
    public static ContractCompilation Compile(string path, string text) => Compile(new[] { new SourceFile(path, text) });

    public static ContractCompilation Compile(IEnumerable<SourceFile> files)
    {
        var diagnostics = new DiagnosticBag();
        var context = new CheckContext(diagnostics);
        var units = new List<CompilationUnitSyntax>();
        foreach (SourceFile file in files) units.Add(Parser.Parse(file, diagnostics));

        var structs = new List<StructModel>();
        var contracts = new List<(ContractSyntax Syntax, SourceFile File)>();
        var declared = new Dictionary<string, (SourceFile File, SourceSpan Span)>();
        foreach (CompilationUnitSyntax unit in units)
        {
            foreach (StructSyntax s in unit.Structs)
                if (Declare(context, declared, s.Name, unit.File, isContract: false))
                {
                    var model = new StructModel(s, unit.File);
                    context.Structs[model.Name] = model;
                    structs.Add(model);
                }
            foreach (ContractSyntax c in unit.Contracts)
                if (Declare(context, declared, c.Name, unit.File, isContract: true))
                {
                    context.Contracts[c.Name.Text] = (c, unit.File);
                    contracts.Add((c, unit.File));
                }
        }

        var types = new TypeResolver(context);
        new StructChecker(context, types).CheckAll(structs);
        List<ContractModel> models = new ContractChecker(context, types).CheckAll(contracts);
        ReportIdCollisions(context, models);
        return new ContractCompilation(units, structs, models, diagnostics.All);
    }

    private static bool Declare(CheckContext context, Dictionary<string, (SourceFile File, SourceSpan Span)> declared, NameSyntax name, SourceFile file, bool isContract)
    {
        context.CheckName(name, file, isContract, isType: true);
        if (declared.TryGetValue(name.Text, out var first))
        {
            context.Report(DiagnosticKind.DuplicateTypeName, file, name.Span,
                $"'{name.Text}' is already declared at {CheckContext.Where(first.File, first.Span, file)}");
            return false;
        }
        if (PrimitiveType.Find(name.Text) is not null)
        {
            context.Report(DiagnosticKind.DuplicateTypeName, file, name.Span, $"'{name.Text}' is a built-in type");
            return false;
        }
        declared[name.Text] = (file, name.Span);
        return true;
    }

    // Contract ids are 64-bit hashes: a collision is all but impossible, but two contracts must never share one.
    private static void ReportIdCollisions(CheckContext context, List<ContractModel> models)
    {
        var byId = new Dictionary<ulong, ContractModel>();
        foreach (ContractModel model in models)
        {
            if (byId.TryGetValue(model.Id, out ContractModel? other))
                context.Report(DiagnosticKind.WireIdCollision, model.File, model.Syntax.Name.Span,
                    $"contract {model.Name} has the wire id 0x{model.Id:X16} of contract {other.Name}; rename one of them");
            else
                byId[model.Id] = model;
        }
    }
}
