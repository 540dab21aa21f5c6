// A fingerprint of what builds leave for boot, test and the packages: every file under artifacts/bin, the
// configuration's images and the local package feed, by path, size and write time. A record is trusted only while
// the outputs are exactly as the recorded build left them: a `dotnet build` run by hand, a deleted image or a
// half-finished build all change it, and then MSBuild decides again.
using System.Security.Cryptography;
using System.Text;

namespace Helios.Tooling.Incremental;

public static class BuildOutputs
{
    public static string Fingerprint(string root, string configuration)
    {
        string artifacts = Path.Combine(root, "artifacts");
        var lines = new List<string>();
        foreach (string folder in new[] { "bin", Path.Combine("images", configuration.ToLowerInvariant()), "packages" })
        {
            string path = Path.Combine(artifacts, folder);
            if (!Directory.Exists(path)) continue;
            foreach (string file in Directory.EnumerateFiles(path, "*", SearchOption.AllDirectories))
            {
                string relative = Path.GetRelativePath(artifacts, file).Replace('\\', '/');
                // The helios command's own build (the ./helios wrapper rebuilds it when its sources change) is no
                // image's input.
                if (!relative.StartsWith("bin/Helios.Cli/", StringComparison.Ordinal))
                    lines.Add(relative + "|" + SourceSnapshot.Stamp(new FileInfo(file)));
            }
        }
        lines.Sort(StringComparer.Ordinal);
        return Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(string.Join("\n", lines))));
    }
}
