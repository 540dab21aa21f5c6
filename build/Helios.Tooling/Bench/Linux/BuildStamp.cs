// Incremental build steps: a step records a digest of everything its outputs depend on (file contents, tool versions,
// command lines) in a stamp file next to them, and is skipped while the outputs exist and the digest is unchanged.
// Contents, not times: a fresh checkout or a touched file does not rebuild, an edit does.
using System.Security.Cryptography;
using System.Text;

namespace Helios.Tooling.Bench.Linux;

public sealed class BuildStamp
{
    private readonly IncrementalHash hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);

    public BuildStamp Add(string text)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(text);
        AddLength(bytes.Length);
        hash.AppendData(bytes);
        return this;
    }

    /// <summary>A file's name (relative to nothing: the caller decides what identifies it) and its bytes.</summary>
    public BuildStamp AddFile(string label, string path)
    {
        Add(label);
        byte[] bytes = File.ReadAllBytes(path);
        AddLength(bytes.Length);
        hash.AppendData(bytes);
        return this;
    }

    public string Digest() => Convert.ToHexStringLower(hash.GetCurrentHash());

    // Lengths first, so that ("ab", "c") and ("a", "bc") differ.
    private void AddLength(int length) => hash.AppendData(BitConverter.GetBytes((long)length));

    /// <summary>True when every output exists and the stamp holds this digest.</summary>
    public static bool IsCurrent(string stampPath, string digest, params string[] outputs)
        => outputs.All(File.Exists) && File.Exists(stampPath) && File.ReadAllText(stampPath).Trim() == digest;

    /// <summary>
    /// Called before a step changes its outputs: from then until Write, the outputs match no digest, so a step that
    /// fails half-way runs again next time even if its inputs go back to what the old stamp recorded.
    /// </summary>
    public static void Invalidate(string stampPath)
    {
        if (File.Exists(stampPath)) File.Delete(stampPath);   // (on a first build neither it nor its folder exists)
    }

    /// <summary>Written last, after the outputs.</summary>
    public static void Write(string stampPath, string digest) => File.WriteAllText(stampPath, digest + "\n");
}
