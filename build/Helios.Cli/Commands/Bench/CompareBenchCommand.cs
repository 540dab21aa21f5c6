// helios bench compare: the side-by-side table from two saved outputs (RESULT lines of one ISA each, e.g. the output of
// `helios bench linux --arch x86_64` and of a Helios suite), without booting anything.
using System.CommandLine;
using Helios.Tooling;
using Helios.Tooling.Bench;
using Spectre.Console;

namespace Helios.Cli.Commands.Bench;

internal static class CompareBenchCommand
{
    public static Command Create()
    {
        var helios = new Option<FileInfo>("--helios") { Description = "A file with Helios's RESULT lines", Required = true };
        var linux = new Option<FileInfo>("--linux") { Description = "A file with Linux's RESULT lines (same ISA)", Required = true };
        var arch = CommonOptions.Arch(null, allowAll: false);
        var command = new Command("compare", "Put two saved runs side by side: Helios | Linux | ratio") { helios, linux, arch };
        command.SetAction(parse =>
        {
            IReadOnlyList<BenchResult>? h = Read(parse.GetValue(helios)!);
            IReadOnlyList<BenchResult>? l = Read(parse.GetValue(linux)!);
            if (h is null || l is null) return 1;
            string provenance = File.ReadLines(parse.GetValue(linux)!.FullName).FirstOrDefault(x => x.StartsWith("# linux", StringComparison.Ordinal))?[2..]
                ?? parse.GetValue(linux)!.Name;
            BenchRenderer.Comparison(IsaNames.Parse(parse.GetValue(arch)!), BenchComparison.Build(h, l), provenance);
            return 0;
        });
        return command;
    }

    private static IReadOnlyList<BenchResult>? Read(FileInfo file)
    {
        if (!file.Exists)
        {
            AnsiConsole.MarkupLine($"[red]helios: {Markup.Escape(file.FullName)}: no such file[/]");
            return null;
        }
        BenchParseResult parsed = BenchResultParser.ParseConsole(File.ReadAllLines(file.FullName));
        foreach (BenchParseError error in parsed.Errors)
            AnsiConsole.MarkupLine($"[red]{Markup.Escape(error.Format(file.FullName))}[/]");
        if (!parsed.Ok) return null;
        if (parsed.Results.Count == 0)
        {
            AnsiConsole.MarkupLine($"[red]helios: {Markup.Escape(file.FullName)}: no RESULT lines[/]");
            return null;
        }
        return parsed.Results;
    }
}
