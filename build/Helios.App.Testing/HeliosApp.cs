// Boots the Helios app a test project tests (build/Helios.App.Testing.targets finds it among the project's references
// and records where its build put its boot images) with the helios command of the Helios.App.Sdk that built it: the
// same boot as the app's dotnet run, on one ISA, with its output captured instead of shown.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;

namespace Helios.Testing;

/// <summary>The Helios app under test: boots it on the Helios kernel in QEMU and returns how it ended.</summary>
public static class HeliosApp
{
    private const string MetadataPrefix = "Helios.App.";

    /// <summary>
    /// How long one boot may take before it is stopped as hung (helios boot's timeout option; the run then ends with
    /// exit code 124). Generous by default, 10 minutes: it only catches a hang, and a loaded host boots slowly.
    /// </summary>
    public static TimeSpan Timeout { get; set; } = TimeSpan.FromMinutes(10);

    /// <summary>The app's name as the kernel knows it (its assembly name in lower case).</summary>
    public static string Name => Recorded("Name");

    /// <summary>
    /// Boots the app's bundle on <paramref name="arch"/> (x86_64 or arm64) and runs the app with these arguments (no
    /// double quotes or control characters in them: the kernel's command line carries them).
    /// </summary>
    public static HeliosRun Run(string arch, params string[] args) => Boot(arch, ["--run", Name, "--", .. args]);

    /// <summary>
    /// Boots the app's bundle on <paramref name="arch"/> and starts several apps in order, each a value of helios
    /// boot's run option: an app of the bundle and its arguments ("kvserver", "kvclient 5"). The bundle holds the app
    /// and its HeliosBundleApp projects. The exit code is the first non-zero one, in this order.
    /// </summary>
    public static HeliosRun RunApps(string arch, params string[] runs)
    {
        if (runs.Length == 0) throw new ArgumentException("name at least one app to run", nameof(runs));
        return Boot(arch, runs.SelectMany(run => new[] { "--run", run }).ToArray());
    }

    private static HeliosRun Boot(string arch, string[] runArguments)
    {
        if (arch is not ("x86_64" or "arm64")) throw new ArgumentException($"'{arch}' is not an ISA: use x86_64 or arm64", nameof(arch));
        string images = Recorded("Images");
        if (!File.Exists(Path.Combine(images, arch, "bundle.cpio")))
            throw new InvalidOperationException($"{Name} has no {arch} boot bundle in {images}: its build made none (was it built with HeliosIsas naming only the other ISA?)");

        // dotnet test names the host it runs under; outside it, the dotnet on the PATH.
        var start = new ProcessStartInfo(Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? "dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
        };
        string[] arguments = ["exec", Recorded("Command"), "boot", "--images", images, "--arch", arch,
            "--timeout", ((int)Math.Ceiling(Timeout.TotalSeconds)).ToString(System.Globalization.CultureInfo.InvariantCulture), .. runArguments];
        foreach (string argument in arguments) start.ArgumentList.Add(argument);

        var lines = new List<string>();
        using var process = new Process { StartInfo = start };
        process.OutputDataReceived += (_, e) => { if (e.Data is not null) lock (lines) lines.Add(e.Data); };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) lock (lines) lines.Add(e.Data); };
        process.Start();
        process.StandardInput.Close();       // the app's stdin: empty, never the test runner's
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        // helios boot stops QEMU at the timeout; this is for a helios command that itself hangs.
        if (!process.WaitForExit(Timeout + TimeSpan.FromMinutes(1)))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"helios boot of {Name} on {arch} did not end within {Timeout + TimeSpan.FromMinutes(1)}:\n{string.Join("\n", lines)}");
        }
        process.WaitForExit();               // the last lines of output
        lock (lines) return new HeliosRun(Name, arch, process.ExitCode, lines.ToArray());
    }

    // What build/Helios.App.Testing.targets put in the test assembly.
    private static string Recorded(string key)
    {
        string wanted = MetadataPrefix + key;
        foreach (Assembly assembly in AppDomain.CurrentDomain.GetAssemblies())
        {
            if (assembly.IsDynamic) continue;
            foreach (AssemblyMetadataAttribute metadata in assembly.GetCustomAttributes<AssemblyMetadataAttribute>())
                if (metadata.Key == wanted && !string.IsNullOrEmpty(metadata.Value)) return metadata.Value;
        }
        throw new InvalidOperationException(
            $"no loaded assembly says which Helios app to boot ({wanted}): the test project must reference Helios.App.Testing and the app "
            + "(<ProjectReference Include=\"../MyApp/MyApp.csproj\" ReferenceOutputAssembly=\"false\" />)");
    }
}
