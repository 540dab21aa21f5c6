// Decides whether an app assembly may run as a software-isolated process: IL only, nothing unsafe (pointers,
// function pointers, stackalloc, raw memory, varargs, uninitialised locals, overlapping references), no native code
// (P/Invoke, extern, internal calls), no denied APIs (Unsafe, MemoryMarshal, Reflection.Emit, the runtime's
// internals), and references only to public members of the allowed assemblies. docs/verifier.md says what and why.
using System.Collections.Immutable;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using Helios.Verifier.Checks;
using Helios.Verifier.Metadata;

namespace Helios.Verifier;

public sealed class AppVerifier
{
    /// <summary>Apps are small; a larger file is refused unread.</summary>
    public const long MaxBytes = 256L << 20;

    private readonly VerifierPolicy _policy;

    public AppVerifier(VerifierPolicy policy)
    {
        _policy = policy;
    }

    /// <summary>How long reading a file may take: a named pipe nobody writes to must not hang the verifier.</summary>
    public TimeSpan ReadTimeout { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>Verifies an assembly file. Throws only for a file that cannot be read (IOException,
    /// UnauthorizedAccessException); anything wrong with its contents is an error in the result.</summary>
    public VerificationResult VerifyFile(string path)
    {
        Task<byte[]?> read = Task.Run(() => ReadBounded(path));
        try
        {
            if (!read.Wait(ReadTimeout)) throw new IOException($"could not be read within {ReadTimeout.TotalSeconds:0} seconds (a pipe nobody writes to?)");
        }
        catch (AggregateException e) when (e.InnerException is IOException or UnauthorizedAccessException)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(e.InnerException).Throw();
        }
        byte[]? image = read.Result;
        if (image is null) return Fail(Path.GetFileName(path), $"is larger than {MaxBytes >> 20} MiB, which no app is");
        return Verify(image, Path.GetFileName(path), Path.GetDirectoryName(Path.GetFullPath(path)));
    }

    /// <summary>The file's bytes, or null when it has more than MaxBytes (read no further than that).</summary>
    private static byte[]? ReadBounded(string path)
    {
        using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite, 1, FileOptions.SequentialScan);
        using var memory = new MemoryStream();
        var buffer = new byte[1 << 16];
        int read;
        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
        {
            memory.Write(buffer, 0, read);
            if (memory.Length > MaxBytes) return null;
        }
        return memory.ToArray();
    }

    /// <summary>Verifies an assembly image; appDirectory, when given, is searched for the allowed assemblies too.</summary>
    public VerificationResult Verify(byte[] image, string name, string? appDirectory = null)
    {
        using var pe = new PEReader(ImmutableArray.Create(image));
        try
        {
            if (!pe.HasMetadata) return Fail(name, "is not a .NET assembly (no CLI metadata)");
            CorHeader? cor = pe.PEHeaders.CorHeader;
            if (cor is null) return Fail(name, "is not a .NET assembly (no CLI header)");
            MetadataReader reader = pe.GetMetadataReader();
            if (!reader.IsAssembly) return Fail(name, "is a module, not an assembly");
            string assembly = reader.GetString(reader.GetAssemblyDefinition().Name);
            if ((cor.Flags & CorFlags.ILOnly) == 0) return Fail(assembly, "contains native code (it is not IL-only)");
            if ((cor.Flags & CorFlags.NativeEntryPoint) != 0) return Fail(assembly, "has a native entry point");

            if (SignatureGuard.FindMalformed(reader) is string malformed) return Fail(assembly, $"{malformed} is malformed");

            using var resolver = new ReferenceResolver(reader, _policy, appDirectory);
            var context = new VerificationContext(pe, reader, _policy, resolver);
            new DefinitionChecks(context).Run();
            foreach (string missing in resolver.Missing)
                context.Report(VerifierRule.Inaccessible, $"reference to assembly {missing}",
                    $"{missing}.dll was not found next to the app or in the reference paths, so nothing the app uses from it could be checked");
            return new VerificationResult(assembly, context.Errors, context.Omitted);
        }
        catch (BadImageFormatException e)
        {
            return Fail(name, $"is not a valid .NET assembly: {e.Message}");
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            // Metadata malformed in a way no check anticipated: refuse rather than let an unchecked app through.
            return Fail(name, $"could not be verified, so it is refused (malformed metadata: {e.GetType().Name}: {e.Message})");
        }
    }

    private static VerificationResult Fail(string name, string message) =>
        new(name, [new VerificationError(VerifierRule.BadImage, name, message)], 0);
}
