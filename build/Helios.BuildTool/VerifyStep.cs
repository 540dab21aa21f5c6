// The verifier in the build: an app whose IL is not safe to run beside the kernel does not become an image.
using System.CommandLine;
using Helios.Verifier;

namespace Helios.BuildTool;

internal static class VerifyStep
{
    public static Command Create()
    {
        var app = new Option<FileInfo>("--app") { Description = "The app's assembly", Required = true };
        var references = new Option<FileInfo[]>("--reference") { Description = "Assemblies the app may use", AllowMultipleArgumentsPerToken = true };
        var stamp = new Option<FileInfo>("--stamp") { Description = "Touched when the app is safe", Required = true };
        var command = new Command("verify", "Refuse an app whose IL is not verifiably safe") { app, references, stamp };
        command.SetAction(parse => Run(parse.GetValue(app)!, parse.GetValue(references) ?? [], parse.GetValue(stamp)!));
        return command;
    }

    private static int Run(FileInfo app, FileInfo[] references, FileInfo stamp)
    {
        var policy = new VerifierPolicy();
        foreach (FileInfo reference in references)
        {
            policy.AllowedAssemblies.Add(Path.GetFileNameWithoutExtension(reference.Name));
            policy.ReferencePaths.Add(reference.FullName);
        }
        VerificationResult result = new AppVerifier(policy).VerifyFile(app.FullName);
        if (!result.IsSafe)
        {
            foreach (VerificationError error in result.Errors) Console.Error.WriteLine($"{app.FullName}: error: {error}");
            return 1;
        }
        Directory.CreateDirectory(stamp.DirectoryName!);
        File.WriteAllText(stamp.FullName, "safe\n");
        return 0;
    }
}
