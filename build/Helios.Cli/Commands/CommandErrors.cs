// What a user can get wrong outside the arguments (a path that cannot be read or written, a directory that is not a
// checkout) ends a verb with one red line and exit code 1, not a stack trace.
using System.ComponentModel;
using Helios.Tooling;
using Spectre.Console;

namespace Helios.Cli.Commands;

internal static class CommandErrors
{
    public static async Task<int> Guard(Func<Task<int>> action)
    {
        try
        {
            return await action();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or Win32Exception or RepoPaths.CheckoutNotFoundException)
        {
            AnsiConsole.MarkupLine($"[red]helios: {Markup.Escape(e.Message)}[/]");
            return 1;
        }
    }

    public static int Guard(Func<int> action) => Guard(() => Task.FromResult(action())).GetAwaiter().GetResult();
}
