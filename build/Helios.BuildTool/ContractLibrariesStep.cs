// An app's contracts against the contract libraries it references: a contract has one declaration, so an app's own
// copy of a library's contract, or one name in two libraries, fails the app's build (HL0115, ContractLibraryCheck)
// instead of the second process to declare a drifted copy at run time.
using System.CommandLine;
using Helios.Contracts;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Text;

namespace Helios.BuildTool;

internal static class ContractLibrariesStep
{
    public static Command Create()
    {
        var own = new Option<FileInfo[]>("--own") { Description = "The app's own .contract files", AllowMultipleArgumentsPerToken = true };
        var library = new Option<string[]>("--library") { Description = "A referenced library's .contract file, as <library>=<file> (repeat)" };
        var stamp = new Option<FileInfo>("--stamp") { Description = "Touched when every contract has one declaration", Required = true };
        var command = new Command("contract-libraries", "Refuse a contract declared both by the app and by a contract library it references, or by two")
        {
            own, library, stamp,
        };
        command.SetAction(parse => Run(parse.GetValue(own) ?? [], parse.GetValue(library) ?? [], parse.GetValue(stamp)!));
        return command;
    }

    private static int Run(FileInfo[] own, string[] libraryFiles, FileInfo stamp)
    {
        var sources = new List<(string? Owner, IReadOnlyList<SourceFile> Files)>();
        // Libraries first (in the order given), so that the app's own copy is the declaration reported.
        foreach (IGrouping<string, string> library in libraryFiles.Select(Split).GroupBy(l => l.Library, l => l.File))
            sources.Add((library.Key, library.Select(Read).ToList()));
        sources.Add((null, own.Select(f => Read(f.FullName)).ToList()));
        IReadOnlyList<Diagnostic> diagnostics = ContractLibraryCheck.Check(sources);
        // MSBuild's canonical error format: the Exec task of build/Helios.AppContractLibraries.targets makes each line
        // a build error at the contract's line and column.
        foreach (Diagnostic d in diagnostics)
            Console.WriteLine($"{d.Location.File.Path}({d.Location.Start.Line},{d.Location.Start.Column}): error {d.Id}: {d.Message}");
        if (diagnostics.Count > 0) return 1;
        Directory.CreateDirectory(stamp.DirectoryName!);
        File.WriteAllText(stamp.FullName, "one declaration per contract\n");
        return 0;
    }

    private static (string Library, string File) Split(string value)
    {
        int equals = value.IndexOf('=');
        if (equals <= 0) throw new ArgumentException($"--library '{value}': expected <library>=<file>");
        return (value[..equals], Path.GetFullPath(value[(equals + 1)..]));
    }

    // An unreadable file is the compilation's to report (HL0008); here it just declares nothing.
    private static SourceFile Read(string path) => new(path, File.Exists(path) ? File.ReadAllText(path) : "");
}
