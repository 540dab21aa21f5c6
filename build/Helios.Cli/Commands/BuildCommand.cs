// helios build: every project and every image, for both ISAs (the same as dotnet build) or one (--arch), with per-ISA
// progress.
using System.CommandLine;
using Helios.Tooling;

namespace Helios.Cli.Commands;

internal static class BuildCommand
{
    public static Command Create()
    {
        var configuration = CommonOptions.Configuration();
        var arch = CommonOptions.Arch("all");
        arch.Description = "ISA whose images to build: x86_64, arm64 or all (the other ISA's images are left as they were)";
        var command = new Command("build", "Build the runtime, the kernel and every image for x86_64 and arm64, or one of them") { configuration, arch };
        command.SetAction((parse, _) => CommandErrors.Guard(() =>
            BuildRunner.BuildAsync(RepoPaths.Find(), parse.GetValue(configuration)!, summary: true, IsaNames.Expand(parse.GetValue(arch)!))));
        return command;
    }
}
