// How one boot of an app ended: what HeliosApp.Run returns, for a test's assertions.
using System;
using System.Collections.Generic;
using System.Linq;

namespace Helios.Testing;

/// <summary>One boot of a Helios app: its exit code and everything the boot printed.</summary>
public sealed class HeliosRun
{
    internal HeliosRun(string app, string arch, int exitCode, IReadOnlyList<string> output)
    {
        App = app;
        Arch = arch;
        ExitCode = exitCode;
        Output = output;
    }

    /// <summary>The app booted.</summary>
    public string App { get; }

    /// <summary>The ISA it ran on.</summary>
    public string Arch { get; }

    /// <summary>
    /// helios boot's exit code: the app's own (with several apps, the first non-zero one), or 137 when it was killed,
    /// 124 at the timeout, 125 when the kernel failed (the README's table).
    /// </summary>
    public int ExitCode { get; }

    /// <summary>Every line the boot printed: the kernel's, init's, and each app's under its name ("[probe] ...").</summary>
    public IReadOnlyList<string> Output { get; }

    /// <summary>The lines the app printed (its stdout and stderr), without the "[name] " the kernel puts before them.</summary>
    public IReadOnlyList<string> AppOutput => LinesOf(App);

    /// <summary>The lines another app of the bundle printed, started with HeliosApp.RunApps.</summary>
    public IReadOnlyList<string> LinesOf(string app)
    {
        string prefix = "[" + app + "] ";
        return Output.Where(line => line.StartsWith(prefix, StringComparison.Ordinal)).Select(line => line[prefix.Length..]).ToArray();
    }

    /// <summary>For assertion messages: how it ended, then the whole output.</summary>
    public override string ToString() => $"{App} on {Arch} exited with {ExitCode}:\n{string.Join("\n", Output)}";
}
