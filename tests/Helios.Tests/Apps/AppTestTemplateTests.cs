// An app's test project (docs/apps.md, "Testing an app"): in a temporary folder outside the checkout, offline from the
// local feed, `dotnet new helios-apptest -n Probe.Tests` beside `dotnet new helios-app -n Probe` makes an xunit
// project whose `dotnet test` builds the app and boots it on both ISAs with HeliosApp.Run (Helios.App.Testing),
// checking its greeting and exit code: it passes, and once the app greets differently it fails, so its test can fail.
using System.Text.RegularExpressions;
using Xunit;

namespace Helios.Tests.Apps;

public class AppTestTemplateTests
{
    [Fact]
    public void AnAppsTestProjectBootsItAndFailsWhenItsOutputChanges()
    {
        using var folder = new TemplateFolder();
        string app = folder.NewApp("Probe", out _);
        string tests = folder.New("helios-apptest", "Probe.Tests", out string created);
        Assert.Contains("dotnet test", created);
        Assert.True(File.Exists(Path.Combine(tests, "ProbeTests.cs")), "the tests, named for the app");

        string passed = folder.SucceedDotnet(tests, "test");
        Assert.Matches(new Regex(@"Failed:\s+0, Passed:\s+2\b"), passed);

        // The app greets differently: the test that expects its greeting fails, on the ISA built again (x86_64 alone,
        // to keep this short), with the boot's output in its message.
        string program = Path.Combine(app, "Program.cs");
        File.WriteAllText(program, File.ReadAllText(program).Replace("Hello from", "Goodbye from"));
        (int code, string failed) = folder.Dotnet(tests, "test", "-p:HeliosIsas=x86_64", "--filter", "DisplayName~x86_64");
        Assert.True(code != 0, failed);
        Assert.Matches(new Regex(@"Failed:\s+1, Passed:\s+0\b"), failed);
        Assert.Contains("[probe] Goodbye from Probe, with 2 argument(s)!", failed);
    }
}
