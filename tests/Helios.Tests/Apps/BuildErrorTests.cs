// Errors where a developer looks: an app whose IL the verifier refuses, or whose manifest is invalid, fails its
// `dotnet build` with MSBuild errors at the C# line (through the PDB) or the manifest's line and column, with their
// codes (HVnnnn, HMnnnn), as IDEs list the compiler's: never behind an MSB3073 naming the tool's command line. And
// [DllImport] compiles, so that the verifier says why a SIP cannot call native code instead of a bare CS0246.
using Xunit;

namespace Helios.Tests.Apps;

public class BuildErrorTests
{
    private const string UnsafeProgram = """
        using System;
        using System.Runtime.InteropServices;

        public static class Program
        {
            [DllImport("libc")]
            private static extern int getpid();

            public static int Fill(int n)
            {
                Span<byte> buffer = stackalloc byte[n];
                buffer.Fill(7);
                return buffer[0];
            }

            public static int Main() => getpid() + Fill(3);
        }
        """;

    private static string MakeApp(ScratchApps scratch, string name, string program)
    {
        string project = Path.Combine(scratch.Apps, name);
        Directory.CreateDirectory(project);
        File.WriteAllText(Path.Combine(project, name + ".csproj"), "<Project Sdk=\"Microsoft.NET.Sdk\">\n</Project>\n");
        File.WriteAllText(Path.Combine(project, "Program.cs"), program);
        return Path.Combine(project, name + ".csproj");
    }

    /// <summary>"(line,column)" of text's first occurrence in source, 1-based, as MSBuild and the PDB count.</summary>
    private static string At(string source, string text)
    {
        string[] lines = source.Split('\n');
        int line = Array.FindIndex(lines, l => l.Contains(text, StringComparison.Ordinal));
        Assert.True(line >= 0, text);
        return $"({line + 1},{lines[line].IndexOf(text, StringComparison.Ordinal) + 1})";
    }

    [Fact]
    public void VerifierErrorsAreBuildErrorsAtTheirCSharpLine()
    {
        using var scratch = new ScratchApps();
        string project = MakeApp(scratch, "NativeCall", UnsafeProgram);
        string program = Path.Combine(Path.GetDirectoryName(project)!, "Program.cs");
        (int code, string output) = ScratchApps.Run("dotnet", "build", project, "-c", TestData.Configuration, "-p:HeliosIsas=x86_64");

        Assert.True(code != 0, output);
        // A P/Invoke has no body, so no sequence point: its declaration, found in the document the PDB names.
        Assert.Contains($"{program}{At(UnsafeProgram, "getpid();")}: error HV0004: Program.getpid(): is a P/Invoke of libc!getpid (DllImport): "
                        + "a SIP cannot call native code", output);
        // An instruction: the sequence point that covers its IL offset.
        Assert.Contains($"{program}{At(UnsafeProgram, "Span<byte> buffer")}: error HV0003: Program.Fill(int) at IL_", output);
        Assert.Contains("helios: nativecall: refused by the verifier (the errors above)", output);
        Assert.DoesNotContain("MSB3073", output);
        Assert.DoesNotContain("CS0246", output);
        Assert.DoesNotContain("nativecall: ilc", output);
    }

    [Fact]
    public void ManifestErrorsAreBuildErrorsAtTheirLineAndColumn()
    {
        using var scratch = new ScratchApps();
        string project = MakeApp(scratch, "Tuned", "public static class Program { public static int Main() => 0; }\n");
        // The scratch tree's app SDK looks for the manifest beside the apps (ScratchApps).
        string manifest = Path.Combine(scratch.Apps, "tuned.manifest.xml");
        const string Xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <application name="tuned">
              <process image="tuned" heapLimit="16MB" />
              <endpoints>
                <endpoint id="2" affinity="101" contractName="NoSuchContract" />
              </endpoints>
            </application>
            """;
        File.WriteAllText(manifest, Xml);
        (int code, string output) = ScratchApps.Run("dotnet", "build", project, "-c", TestData.Configuration, "-p:HeliosIsas=x86_64");

        Assert.True(code != 0, output);
        Assert.Contains($"{manifest}{At(Xml, "heapLimit")}: error HM0006: <process> heapLimit=\"16MB\" is not a size", output);
        Assert.Contains($"{manifest}{At(Xml, "affinity")}: error HM0006: <endpoint> affinity=\"101\" is out of range: expected an integer from -100 to 100", output);
        Assert.Contains($"{manifest}{At(Xml, "contractName")}: error HM0008: <endpoint> contractName=\"NoSuchContract\" names a contract that does not exist", output);
        Assert.Contains("helios: tuned: its manifest", output);
        Assert.DoesNotContain("MSB3073", output);
        Assert.DoesNotContain("tuned: ilc", output);
    }
}
