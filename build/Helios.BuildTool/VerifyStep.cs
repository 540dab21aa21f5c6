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
            // MSBuild's canonical error format: the Exec task of build/Helios.App.targets makes each line a build
            // error at the C# line the PDB names (or against the assembly), which IDEs list like the compiler's.
            using var locator = new SourceLocator(app.FullName);
            foreach (VerificationError error in result.Errors)
            {
                string origin = locator.Locate(error) is (string file, int line, int column) ? $"{file}({line},{column})" : app.FullName;
                Console.WriteLine($"{origin}: error {error.Rule.Code()}: {error.Describe()}");
            }
            if (result.Omitted > 0) Console.WriteLine($"{app.FullName}: error {VerifierRule.BadImage.Code()}: {result.Omitted} more errors not shown");
            return 1;
        }
        Directory.CreateDirectory(stamp.DirectoryName!);
        File.WriteAllText(stamp.FullName, "safe\n");
        return 0;
    }
}
