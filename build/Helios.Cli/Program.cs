// helios: everything a user does with Helios, one verb each. `./helios --help` lists them.
using System.CommandLine;
using Helios.Cli.Commands;
using Spectre.Console;

// Colour and live displays only for a terminal; logs (CI) get plain text.
if (Console.IsOutputRedirected)
{
    AnsiConsole.Profile.Capabilities.Ansi = false;
    AnsiConsole.Profile.Capabilities.Interactive = false;
    AnsiConsole.Profile.Width = 200;
}

var root = new RootCommand("Helios: build, boot and test the Helios operating system")
{
    SetupCommand.Create(),
    BuildCommand.Create(),
    BootCommand.Create(),
    TestCommand.Create(),
    CaptureCommand.Create(),
    ContractCommand.Create(),
    BenchCommand.Create(),
    ManifestCommand.Create(),
    PlacementCommand.Create(),
    VerifyCommand.Create(),
    DiskCommand.Create(),
};
ParseResult parsed = root.Parse(args);
int code = await parsed.InvokeAsync();
// Usage errors (unknown verbs, missing or invalid arguments) exit with 2, failures with 1.
return parsed.Errors.Count > 0 ? 2 : code;
