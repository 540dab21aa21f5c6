// The decision ./helios takes before MSBuild (build/Helios.Tooling/Incremental): nothing to build only when the
// sources and outputs are exactly as the recorded build left them; one app only when the change is inside that app's
// folder alone and nothing else compiles or references it; everything otherwise.
#nullable enable
using Helios.Tooling.Incremental;
using Xunit;

namespace Helios.Tests.Build;

public class BuildPlannerTests
{
    private const string Hello = "src/Apps/Hello/Hello.csproj";
    private const string Wc = "src/Apps/Wc/Wc.csproj";
    private static readonly string[] X86 = ["x86_64"];
    private static readonly string[] Both = ["arm64", "x86_64"];

    private static readonly Dictionary<string, string> Tree = new(StringComparer.Ordinal)
    {
        ["Helios.sln"] = "10:1",
        [Hello] = "20:1",
        ["src/Apps/Hello/Program.cs"] = "30:1",
        [Wc] = "40:1",
        ["src/Apps/Wc/Program.cs"] = "50:1",
        ["src/Kernel/KernelMain.cs"] = "60:1",
        ["src/Bundle/Helios.Bundle.csproj"] = "70:1",
    };

    private static readonly Dictionary<string, string> Texts = new(StringComparer.Ordinal)
    {
        ["Helios.sln"] = "Project(\"{FAE04EC0}\") = \"Hello\", \"src\\Apps\\Hello\\Hello.csproj\"",
        [Hello] = "<Project Sdk=\"Microsoft.NET.Sdk\" />",
        [Wc] = "<Project Sdk=\"Microsoft.NET.Sdk\" />",
        ["src/Bundle/Helios.Bundle.csproj"] = "<HeliosAppProject Include=\"$(HeliosRoot)src/Apps/*/*.csproj\" />",
    };

    private static readonly AppProjects Apps = new([Hello, Wc]);

    private static SourceSnapshot With(params (string Path, string? Stamp)[] changes)
    {
        var files = new Dictionary<string, string>(Tree, StringComparer.Ordinal);
        foreach ((string path, string? stamp) in changes)
            if (stamp is null) files.Remove(path); else files[path] = stamp;
        return new SourceSnapshot(files);
    }

    private static BuildRecord Built(IEnumerable<string> isas) => BuildRecord.AfterEverything(null, With(), isas, "out1");

    private static BuildPlan Decide(BuildRecord? last, SourceSnapshot now, IReadOnlyList<string> isas, bool appOnly = true,
        string outputs = "out1", Dictionary<string, string>? texts = null) =>
        BuildPlanner.Decide(last, now, outputs, isas, appOnly ? Apps : null, file => (texts ?? Texts).GetValueOrDefault(file, ""));

    [Fact]
    public void NothingIsUpToDateWithoutARecord() =>
        Assert.Equal(BuildPlanKind.Everything, Decide(null, With(), X86).Kind);

    [Fact]
    public void NothingChangedIsUpToDateForTheRecordedIsasOnly()
    {
        BuildRecord record = Built(X86);
        Assert.Equal(BuildPlanKind.UpToDate, Decide(record, With(), X86).Kind);
        Assert.Equal(BuildPlanKind.Everything, Decide(record, With(), Both).Kind);
    }

    [Fact]
    public void OutputsChangedSinceTheRecordMeanMsBuildDecides()
    {
        BuildPlan plan = Decide(Built(Both), With(), X86, outputs: "out2");
        Assert.Equal(BuildPlanKind.Everything, plan.Kind);
        Assert.Contains("artifacts changed", plan.Reason);
    }

    [Fact]
    public void AnotherIsasBuildOfTheSameSourcesAddsToTheRecord()
    {
        BuildRecord x86 = Built(X86);
        BuildRecord both = BuildRecord.AfterEverything(x86, With(), ["arm64"], "out1");
        Assert.Equal(Both, both.Isas);
        BuildRecord changed = BuildRecord.AfterEverything(x86, With(("src/Kernel/KernelMain.cs", "61:2")), ["arm64"], "out1");
        Assert.Equal(["arm64"], changed.Isas);
    }

    [Fact]
    public void AChangeInsideOneAppsFolderBuildsThatAppWhenBootAsks()
    {
        SourceSnapshot now = With(("src/Apps/Hello/Program.cs", "31:2"));
        BuildPlan plan = Decide(Built(Both), now, X86);
        Assert.Equal(BuildPlanKind.OneApp, plan.Kind);
        Assert.Equal(Hello, plan.App);
        Assert.Equal(["src/Apps/Hello/Program.cs"], plan.Changed);
        // ./helios build builds everything: host tests compile apps' sources too.
        Assert.Equal(BuildPlanKind.Everything, Decide(Built(Both), now, X86, appOnly: false).Kind);
    }

    [Fact]
    public void AnAddedOrRemovedFileInTheAppsFolderIsStillOneApp()
    {
        Assert.Equal(BuildPlanKind.OneApp, Decide(Built(Both), With(("src/Apps/Hello/More.cs", "5:5")), X86).Kind);
        Assert.Equal(BuildPlanKind.OneApp, Decide(Built(Both), With(("src/Apps/Hello/Program.cs", null)), X86).Kind);
    }

    [Fact]
    public void AfterAnAppOnlyBuildTheSameChangeIsUpToDateForItsIsaAndOneAppForTheOther()
    {
        SourceSnapshot now = With(("src/Apps/Hello/Program.cs", "31:2"));
        BuildRecord last = Built(Both);
        BuildPlan plan = Decide(last, now, X86);
        BuildRecord after = BuildRecord.AfterApp(last, now, plan.App!, plan.Changed!, X86, "out2");

        Assert.Equal(BuildPlanKind.UpToDate, Decide(after, now, X86, outputs: "out2").Kind);
        Assert.Equal(BuildPlanKind.OneApp, Decide(after, now, ["arm64"], outputs: "out2").Kind);
        BuildRecord afterArm = BuildRecord.AfterApp(after, now, plan.App!, plan.Changed!, ["arm64"], "out3");
        Assert.Equal(BuildPlanKind.UpToDate, Decide(afterArm, now, Both, outputs: "out3").Kind);

        // A further edit of the same app is built again, for the asked ISA only.
        SourceSnapshot edited = With(("src/Apps/Hello/Program.cs", "32:3"));
        Assert.Equal(BuildPlanKind.OneApp, Decide(afterArm, edited, X86, outputs: "out3").Kind);
        BuildRecord again = BuildRecord.AfterApp(afterArm, edited, Hello, ["src/Apps/Hello/Program.cs"], X86, "out4");
        Assert.Equal(X86, again.App!.Isas);
        // ./helios build after an app-only build is a whole build.
        Assert.Equal(BuildPlanKind.Everything, Decide(again, edited, X86, appOnly: false, outputs: "out4").Kind);
    }

    [Fact]
    public void ChangesThatAnAppOnlyBuildCannotCoverBuildEverything()
    {
        BuildRecord last = Built(Both);
        Assert.Equal(BuildPlanKind.Everything, Decide(last, With((Hello, "21:2")), X86).Kind);
        Assert.Equal(BuildPlanKind.Everything, Decide(last, With(("src/Apps/Hello/Program.cs", "31:2"), ("src/Apps/Wc/Program.cs", "51:2")), X86).Kind);
        Assert.Equal(BuildPlanKind.Everything, Decide(last, With(("src/Kernel/KernelMain.cs", "61:2")), X86).Kind);
        Assert.Equal(BuildPlanKind.Everything, Decide(last, With(("env:HeliosLld", "ld.lld-17")), X86).Kind);
        Assert.Equal(BuildPlanKind.Everything, Decide(last, With(("src/Apps/Hello/Directory.Build.props", "1:1")), X86).Kind);
    }

    [Fact]
    public void AnAppWhoseSourcesAnotherProjectCompilesIsNeverBuiltAlone()
    {
        var texts = new Dictionary<string, string>(Texts, StringComparer.Ordinal)
        {
            [Wc] = "<Compile Include=\"$(HeliosRoot)src/Apps/Hello/Shared.cs\" />",
        };
        BuildPlan plan = Decide(Built(Both), With(("src/Apps/Hello/Shared.cs", "9:9")), X86, texts: texts);
        Assert.Equal(BuildPlanKind.Everything, plan.Kind);
        Assert.Contains(Wc, plan.Reason);
    }

    [Fact]
    public void TheSnapshotSeesEditsAdditionsAndRemovalsAndSkipsBuildOutputs()
    {
        string root = Path.Combine(Path.GetTempPath(), "helios-snapshot-" + Guid.NewGuid().ToString("N")[..8]);
        try
        {
            Directory.CreateDirectory(Path.Combine(root, "src", "App", "obj"));
            File.WriteAllText(Path.Combine(root, "Helios.sln"), "a");
            File.WriteAllText(Path.Combine(root, "src", "App", "Program.cs"), "one");
            File.WriteAllText(Path.Combine(root, "src", "App", "Gone.cs"), "gone");
            File.WriteAllText(Path.Combine(root, "src", "App", "obj", "x.dll"), "built");
            SourceSnapshot first = SourceSnapshot.Take(root);
            Assert.Contains("src/App/Program.cs", first.Files.Keys);
            Assert.DoesNotContain(first.Files.Keys, k => k.Contains("/obj/"));
            Assert.Empty(SourceSnapshot.Take(root).ChangedSince(first.Files));

            File.WriteAllText(Path.Combine(root, "src", "App", "Program.cs"), "two!");
            File.WriteAllText(Path.Combine(root, "src", "App", "New.cs"), "new");
            File.Delete(Path.Combine(root, "src", "App", "Gone.cs"));
            File.WriteAllText(Path.Combine(root, "src", "App", "obj", "x.dll"), "rebuilt");
            Assert.Equal(["src/App/Gone.cs", "src/App/New.cs", "src/App/Program.cs"], SourceSnapshot.Take(root).ChangedSince(first.Files));
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }

    [Fact]
    public void AnUnreadableRecordIsNoRecord()
    {
        string file = Path.GetTempFileName();
        try
        {
            File.WriteAllText(file, "{ not json");
            Assert.Null(BuildRecord.Load(file));
            Built(X86).Save(file);
            Assert.Equal(X86, BuildRecord.Load(file)!.Isas);
            Assert.Null(BuildRecord.Load(file + ".missing"));
        }
        finally
        {
            File.Delete(file);
        }
    }
}
