// helios build: every project and every image, for both ISAs (the same as dotnet build), with per-ISA progress.
using System.CommandLine;
using Helios.Tooling;

namespace Helios.Cli.Commands;

internal static class BuildCommand
{
    public static Command Create()
    {
        var configuration = CommonOptions.Configuration();
        var command = new Command("build", "Build the runtime, the kernel and every image for x86_64 and arm64") { configuration };
        command.SetAction((parse, _) => CommandErrors.Guard(() => BuildRunner.BuildAsync(RepoPaths.Find(), parse.GetValue(configuration)!, summary: true)));
        return command;
    }
}
