// helios contract: the contract front end on the command line, the same one the build's generator runs.
//   check <file|dir>...  print every diagnostic as file:line:column: HLnnnn: message; exit 0 if all are valid
//   show <file|dir>...   print each contract's wire identity, message layouts and protocol table
using System.CommandLine;
using Helios.Contracts;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Semantics;
using Helios.Contracts.Syntax;
using Helios.Contracts.Text;
using Spectre.Console;

namespace Helios.Cli.Commands;

internal static class ContractCommand
{
    public static Command Create()
    {
        var checkPaths = Paths();
        var check = new Command("check", "Check .contract files and print their diagnostics (file:line:column: HLnnnn: message)") { checkPaths };
        check.SetAction(parse => Check(parse.GetValue(checkPaths)!));
        var showPaths = Paths();
        var show = new Command("show", "Print each contract's wire id, message tags and layouts, and protocol table") { showPaths };
        show.SetAction(parse => Show(parse.GetValue(showPaths)!));
        return new Command("contract", "Check contracts and show their wire format (see docs/contracts.md)") { check, show };
    }

    private static Argument<string[]> Paths()
    {
        var paths = new Argument<string[]>("paths")
        {
            Description = ".contract files, or directories to search for them; all are compiled together",
            Arity = ArgumentArity.OneOrMore,
        };
        paths.Validators.Add(result =>
        {
            foreach (string path in result.GetValueOrDefault<string[]>() ?? [])
                if (path.StartsWith('-')) result.AddError($"'{path}' is not an option of this command (a file named so can be given as ./{path}).");
        });
        return paths;
    }

    private static int Check(string[] paths)
    {
        (ContractCompilation? compilation, int files, List<string> problems) = Compile(paths);
        foreach (string problem in problems) Console.WriteLine(problem);
        if (compilation is null) return 1;
        foreach (Diagnostic diagnostic in compilation.Diagnostics) Console.WriteLine(diagnostic.ToString());
        int errors = problems.Count + compilation.Diagnostics.Count;
        string counted = $"{Plural(files, "file")}, {Plural(compilation.Contracts.Count, "contract")}";
        if (errors == 0)
        {
            AnsiConsole.MarkupLine($"[green]helios: {counted}: no errors[/]");
            return 0;
        }
        AnsiConsole.MarkupLine($"[red]helios: {counted}: {Plural(errors, "error")}[/]");
        return 1;
    }

    private static int Show(string[] paths)
    {
        (ContractCompilation? compilation, int _, List<string> problems) = Compile(paths);
        foreach (string problem in problems) Console.WriteLine(problem);
        if (compilation is null) return 1;
        if (compilation.HasErrors || problems.Count > 0)
        {
            foreach (Diagnostic diagnostic in compilation.Diagnostics) Console.WriteLine(diagnostic.ToString());
            AnsiConsole.MarkupLine("[red]helios: fix the errors above first[/]");
            return 1;
        }
        foreach (ContractModel contract in compilation.Contracts) Console.Write(ContractReport.Describe(contract));
        return 0;
    }

    // Reads every file named or found under a named directory. Problems reading them are reported like
    // diagnostics (HL0008, HL0005); the compilation is null only when there is nothing to compile.
    private static (ContractCompilation?, int Files, List<string> Problems) Compile(string[] paths)
    {
        var problems = new List<string>();
        var sources = new List<SourceFile>();
        foreach (string path in paths)
        {
            if (Directory.Exists(path))
            {
                List<string> found;
                try
                {
                    // Symbolic links are not followed, so a link cycle cannot make the search endless.
                    var options = new EnumerationOptions { RecurseSubdirectories = true, IgnoreInaccessible = true, AttributesToSkip = FileAttributes.ReparsePoint };
                    found = new List<string>(Directory.EnumerateFiles(path, "*.contract", options));
                }
                catch (Exception e) when (e is IOException or UnauthorizedAccessException)
                {
                    problems.Add($"{path}:1:1: {DiagnosticKind.Unreadable.Id}: cannot search the directory: {e.Message}");
                    continue;
                }
                found.Sort(StringComparer.Ordinal);
                if (found.Count == 0) problems.Add($"{path}:1:1: {DiagnosticKind.Unreadable.Id}: no .contract files in this directory");
                foreach (string file in found) Read(file, sources, problems);
            }
            else
            {
                Read(path, sources, problems);
            }
        }
        return (sources.Count == 0 ? null : ContractCompiler.Compile(sources), sources.Count, problems);
    }

    private static void Read(string path, List<SourceFile> sources, List<string> problems)
    {
        try
        {
            var info = new FileInfo(path);
            if (!info.Exists)
            {
                problems.Add($"{path}:1:1: {DiagnosticKind.Unreadable.Id}: no such file or directory");
                return;
            }
            // A UTF-16 code unit takes at most 3 bytes of UTF-8: anything larger is over the limit, unread.
            if (info.Length > 3L * Parser.MaxSourceLength)
            {
                problems.Add($"{path}:1:1: {DiagnosticKind.FileTooLarge.Id}: file has {info.Length} bytes; contract files may have at most {Parser.MaxSourceLength} characters");
                return;
            }
            sources.Add(new SourceFile(path, File.ReadAllText(path)));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or System.Security.SecurityException)
        {
            problems.Add($"{path}:1:1: {DiagnosticKind.Unreadable.Id}: cannot read: {e.Message}");
        }
    }

    private static string Plural(int n, string noun) => n == 1 ? $"1 {noun}" : $"{n} {noun}s";
}
