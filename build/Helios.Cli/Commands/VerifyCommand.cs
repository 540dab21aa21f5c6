// helios verify: check that app assemblies are safe to run as software-isolated processes (docs/verifier.md).
// Exit 0 when every app is accepted, 1 when any is refused (or cannot be read), 2 for usage errors.
using System.CommandLine;
using Helios.Tooling;
using Helios.Verifier;

namespace Helios.Cli.Commands;

internal static class VerifyCommand
{
    public static Command Create()
    {
        var allow = new Option<string[]>("--allow")
        {
            Description = "Also allow references to this assembly (the app library, a contract assembly); repeatable",
            HelpName = "assembly",
            Arity = ArgumentArity.ZeroOrMore,
            AllowMultipleArgumentsPerToken = false,
        };
        var references = new Option<string[]>("--reference", "-r")
        {
            Description = "Where the allowed assemblies are: a .dll or a directory; repeatable (default: the built Helios.Runtime, and each app's own directory)",
            HelpName = "path",
            Arity = ArgumentArity.ZeroOrMore,
        };
        var apps = new Argument<string[]>("app") { Description = "App assemblies (.dll) to verify", Arity = ArgumentArity.OneOrMore };
        CommonOptions.NoUnknownOptions(apps);
        var command = new Command("verify", "Refuse app assemblies whose IL is not safe to run beside the kernel; print each error with its method and IL offset")
        {
            allow, references, apps,
        };
        command.SetAction(parse => Verify(parse.GetValue(apps)!, parse.GetValue(allow) ?? [], parse.GetValue(references) ?? []));
        return command;
    }

    private static int Verify(string[] apps, string[] allow, string[] references)
    {
        foreach (string reference in references)
        {
            if (File.Exists(reference) || Directory.Exists(reference)) continue;
            Console.Error.WriteLine($"helios: --reference: '{reference}' does not exist");
            return 2;
        }
        var policy = new VerifierPolicy();
        foreach (string name in allow) policy.AllowedAssemblies.Add(name);
        policy.ReferencePaths.AddRange(references);
        if (references.Length == 0 && TryFindRuntime() is string runtime) policy.ReferencePaths.Add(runtime);

        var verifier = new AppVerifier(policy);
        int refused = 0;
        foreach (string app in apps)
        {
            VerificationResult result;
            try
            {
                if (Directory.Exists(app)) throw new IOException("is a directory: expected an app assembly (.dll)");
                if (!File.Exists(app)) throw new IOException("no such file");
                result = verifier.VerifyFile(app);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                Console.WriteLine($"{app}: {e.Message}");
                refused++;
                continue;
            }
            if (result.IsSafe)
            {
                Console.WriteLine($"{app}: safe");
                continue;
            }
            refused++;
            foreach (VerificationError error in result.Errors) Console.WriteLine($"{app}: {error}");
            Console.WriteLine($"{app}: refused: {result.Errors.Count + result.Omitted} error{(result.Errors.Count + result.Omitted == 1 ? "" : "s")}"
                              + (result.Omitted > 0 ? $" ({result.Omitted} not shown)" : ""));
        }
        if (apps.Length > 1) Console.WriteLine($"helios: {apps.Length} apps verified, {refused} refused");
        return refused == 0 ? 0 : 1;
    }

    /// <summary>The runtime every SIP compiles against, as the build leaves it; null outside a checkout or before a build.</summary>
    private static string? TryFindRuntime()
    {
        try
        {
            string path = Path.Combine(RepoPaths.Find().Root, "artifacts", "bin", "Helios.Runtime", "debug", "Helios.Runtime.dll");
            return File.Exists(path) ? path : null;
        }
        catch (InvalidOperationException)
        {
            return null;
        }
    }
}
