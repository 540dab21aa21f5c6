// Contracts a process declares to the kernel (src/Channels/ContractDeclaration.cs, ContractInfo.Registry.cs): the
// same code the kernel runs. Every contract the compiler accepts survives encoding and decoding unchanged and
// validates; every malformed or dishonest declaration is refused with a reason, never an exception; the registry
// accepts an identical declaration and refuses a different one naming the contract.
using Helios.Channels;
using Helios.Contracts;
using Helios.Contracts.Semantics;
using Helios.Tests.Contracts;
using Xunit;
using CompilerWireHash = Helios.Contracts.Wire.WireHash;

namespace Helios.Tests.Channels;

public class ContractDeclarationTests
{
    /// <summary>What the generated Info of the model holds (DescriptorWriter + EndpointWriter), built without registering it.</summary>
    internal static ContractInfo InfoOf(ContractModel c, string rename = null)
    {
        var messages = c.Messages;
        return new ContractInfo(rename ?? c.Name, rename is null ? c.Id : CompilerWireHash.ContractId(rename), c.Fingerprint, messages.Count,
            messages.Select(m => m.Name).ToArray(), messages.Select(m => m.Tag).ToArray(),
            messages.Select(m => m.DeclaringContractId).ToArray(), messages.Select(m => (ushort)m.Size).ToArray(),
            messages.Select(m => (byte)m.DescriptorCount).ToArray(), c.States.Select(s => s.Name).ToArray(),
            c.States.Select(s => (byte)s.Sender).ToArray(), c.Table.Next.ToArray(), register: false);
    }

    private static ContractModel System(string name) => ContractFiles.CompileSystem().Contracts.Single(c => c.Name == name);

    private static IEnumerable<ContractModel> AllValid()
    {
        foreach (ContractModel c in ContractFiles.CompileSystem().Contracts) yield return c;
        foreach (string file in ContractFiles.Valid)
        {
            ContractCompilation compilation = ContractFiles.Compile(File.ReadAllText(file), file);
            foreach (ContractModel c in compilation.Contracts) yield return c;
        }
    }

    [Fact]
    public void EveryValidContractRoundTripsAndValidates()
    {
        int count = 0;
        foreach (ContractModel model in AllValid())
        {
            ContractInfo info = InfoOf(model);
            Assert.Null(ContractDeclaration.Validate(info));
            ContractInfo decoded = ContractDeclaration.Decode(ContractDeclaration.Encode(info), out string error);
            Assert.True(decoded is not null, model.Name + ": " + error);
            Assert.Null(info.Difference(decoded));
            Assert.Equal(info.Fingerprint, decoded.Fingerprint);
            count++;
        }
        Assert.True(count >= 10, $"only {count} contracts");
    }

    [Fact]
    public void TheKernelsWireHashIsTheCompilers()
    {
        foreach (ContractModel model in AllValid())
        {
            Assert.Equal(CompilerWireHash.ContractId(model.Name), Helios.Channels.WireHash.ContractId(model.Name));
            foreach (var m in model.Messages) Assert.Equal(CompilerWireHash.MessageTag(m.Name), Helios.Channels.WireHash.MessageTag(m.Name));
        }
        Assert.Equal(0xDD4358A5FBC26CCDUL, Helios.Channels.WireHash.ContractId("FileContract"));
    }

    [Fact]
    public void EveryTruncationIsRefusedWithAReason()
    {
        byte[] whole = ContractDeclaration.Encode(InfoOf(System("TcpConnectionContract")));
        for (int length = 0; length < whole.Length; length++)
        {
            Assert.Null(ContractDeclaration.Decode(whole.AsSpan(0, length).ToArray(), out string error));
            Assert.False(string.IsNullOrEmpty(error));
        }
        byte[] longer = whole.Concat(new byte[] { 0 }).ToArray();
        Assert.Null(ContractDeclaration.Decode(longer, out string trailing));
        Assert.Contains("follow the transition table", trailing);
    }

    [Fact]
    public void RandomMutationsNeverThrow()
    {
        var random = new Random(6);
        byte[] whole = ContractDeclaration.Encode(InfoOf(System("FileContract")));
        int accepted = 0;
        for (int round = 0; round < 20000; round++)
        {
            byte[] bytes = (byte[])whole.Clone();
            int changes = 1 + random.Next(4);
            for (int i = 0; i < changes; i++) bytes[random.Next(bytes.Length)] = (byte)random.Next(256);
            ContractInfo decoded = ContractDeclaration.Decode(bytes, out string error);
            if (decoded is null) Assert.False(string.IsNullOrEmpty(error));
            else
            {
                // What gets through is something the kernel can enforce: the tables are consistent.
                Assert.Null(ContractDeclaration.Validate(decoded));
                accepted++;
            }
        }
        for (int round = 0; round < 2000; round++)
        {
            var bytes = new byte[random.Next(200)];
            random.NextBytes(bytes);
            Assert.Null(ContractDeclaration.Decode(bytes, out _));
        }
        Assert.True(accepted < 20000);
    }

    [Fact]
    public void HugeCountsAreRefusedBeforeAllocating()
    {
        byte[] bytes = ContractDeclaration.Encode(InfoOf(System("PingPongContract")));
        int counts = 4 + 8 + 8 + 2 + 2 * "PingPongContract".Length;
        bytes[counts] = 0xFF; bytes[counts + 1] = 0xFF; bytes[counts + 2] = 0xFF; bytes[counts + 3] = 0x7F;     // messages
        Assert.Null(ContractDeclaration.Decode(bytes, out string error));
        Assert.Contains("at most 65536 entries", error);
        Assert.Null(ContractDeclaration.Decode(new byte[ContractDeclaration.MaxBytes + 1], out string big));
        Assert.Contains("at most", big);
    }

    // Each: a change to FileContract's tables the kernel must refuse, and a word of the reason.
    public static TheoryData<string, string> Dishonest() => new()
    {
        { "id", "FNV-1a 64 of its name" },
        { "tag", "its name gives" },
        { "duplicate-tag", "declared twice" },
        { "message-name", "not an identifier" },
        { "size-odd", "multiple of 8" },
        { "size-small", "16 bytes per descriptor" },
        { "contract-id-0", "contract id 0" },
        { "sender", "has sender 3" },
        { "transition", "but there are 5 states" },
        { "terminal", "is terminal" },
        { "state-name", "printable ASCII" },
        { "name", "identifier" },
    };

    [Theory]
    [MemberData(nameof(Dishonest))]
    public void ADishonestOrUnenforceableDeclarationIsRefused(string change, string reason)
    {
        ContractInfo c = InfoOf(System("FileContract"));
        string name = c.Name;
        ulong id = c.Id;
        string[] messageNames = (string[])c.MessageNames.Clone(), stateNames = (string[])c.StateNames.Clone();
        ushort[] tags = (ushort[])c.MessageTags.Clone(), sizes = (ushort[])c.MessageSizes.Clone(), transitions = (ushort[])c.Transitions.Clone();
        ulong[] ids = (ulong[])c.MessageContractIds.Clone();
        byte[] senders = (byte[])c.StateSenders.Clone(), descriptors = (byte[])c.MessageDescriptorCounts.Clone();
        int end = Array.IndexOf(stateNames, "End");
        switch (change)
        {
            case "id": id ^= 1; break;
            case "tag": tags[0] ^= 1; break;
            case "duplicate-tag": messageNames[1] = messageNames[0]; tags[1] = tags[0]; break;
            case "message-name": messageNames[0] = "Op en"; break;
            case "size-odd": sizes[0] = 36; break;
            case "size-small": sizes[0] = 24; break;        // Open carries a descriptor: at least 32
            case "contract-id-0": ids[2] = 0; break;
            case "sender": senders[1] = 3; break;
            case "transition": transitions[0] = 99; break;
            case "terminal": transitions[end * c.MessageCount] = 1; break;
            case "state-name": stateNames[0] = "Start\n"; break;
            case "name": name = "File Contract"; id = CompilerWireHash.ContractId(name); break;
        }
        var changed = new ContractInfo(name, id, c.Fingerprint, c.MessageCount, messageNames, tags, ids, sizes, descriptors,
            stateNames, senders, transitions, register: false);
        Assert.Null(ContractDeclaration.Decode(ContractDeclaration.Encode(changed), out string error));
        Assert.Contains(reason, error);
    }

    [Fact]
    public void TheRegistryAcceptsTheSameContractAgainAndRefusesAnotherUnderItsId()
    {
        // Fresh names: the registry is the process's (the kernel's, in the kernel) and outlives each test.
        ContractModel model = System("PipeContract");
        ContractInfo first = InfoOf(model, "DeclaredPipeForTheRegistryTest");
        Assert.Null(ContractInfo.Find(first.Id));
        Assert.Same(first, ContractInfo.Declare(first, "server (pid 3)"));
        Assert.Same(first, ContractInfo.Find(first.Id));
        ContractInfo again = ContractDeclaration.Decode(ContractDeclaration.Encode(first), out _);
        Assert.Same(first, ContractInfo.Declare(again, "client (pid 4)"));      // identical: accepted, one table per id
        Assert.Equal("server (pid 3)", first.RegisteredBy);                     // the first declarer stays the holder

        ushort[] transitions = (ushort[])first.Transitions.Clone();
        transitions[0] = 0;
        var other = new ContractInfo(first.Name, first.Id, first.Fingerprint, first.MessageCount, first.MessageNames, first.MessageTags,
            first.MessageContractIds, first.MessageSizes, first.MessageDescriptorCounts, first.StateNames, first.StateSenders, transitions, register: false);
        var refused = Assert.Throws<ChannelException>(() => ContractInfo.Declare(other, "drifted (pid 5)"));
        Assert.Contains("DeclaredPipeForTheRegistryTest", refused.Message);
        Assert.Contains("transition", refused.Message);

        var otherPrint = new ContractInfo(first.Name, first.Id, first.Fingerprint ^ 1, first.MessageCount, first.MessageNames, first.MessageTags,
            first.MessageContractIds, first.MessageSizes, first.MessageDescriptorCounts, first.StateNames, first.StateSenders, first.Transitions, register: false);
        Assert.Contains("fingerprint", Assert.Throws<ChannelException>(() => ContractInfo.Declare(otherPrint, "drifted (pid 5)")).Message);
        Assert.Same(first, ContractInfo.Find(first.Id));
    }

    [Fact]
    public void AConflictNamesTheContractTheProcessThatDeclaredItFirstAndTheDeclarer()
    {
        // Two apps built from drifted copies of one .contract file: the second to declare is told who holds the id.
        ContractModel model = System("PipeContract");
        ContractInfo first = InfoOf(model, "DriftedPipeForTheRegistryTest");
        ContractInfo.Declare(first, "tally (pid 3)");
        var otherPrint = new ContractInfo(first.Name, first.Id, first.Fingerprint ^ 1, first.MessageCount, first.MessageNames, first.MessageTags,
            first.MessageContractIds, first.MessageSizes, first.MessageDescriptorCounts, first.StateNames, first.StateSenders, first.Transitions, register: false);
        string message = Assert.Throws<ChannelException>(() => ContractInfo.Declare(otherPrint, "tallydrift (pid 7)")).Message;
        Assert.Equal($"contract DriftedPipeForTheRegistryTest (0x{first.Id:X16}) declared by tallydrift (pid 7) conflicts with the contract "
            + $"DriftedPipeForTheRegistryTest that tally (pid 3) declared first: the fingerprint is 0x{first.Fingerprint ^ 1:X16}, not "
            + $"0x{first.Fingerprint:X16}; one id has one protocol for everyone (build both from one contract library)", message);
    }

    [Fact]
    public void ASystemContractCannotBeRedefined()
    {
        ContractModel model = System("TcpContract");
        ContractInfo system = InfoOf(model, "SystemTcpForTheRegistryTest");
        ContractInfo.RegisterSystem(new[] { system });
        Assert.True(ContractInfo.Find(system.Id).IsSystem);
        ContractInfo impostor = InfoOf(System("PingPongContract"), "SystemTcpForTheRegistryTest");
        Assert.Null(ContractDeclaration.Validate(impostor));           // well formed: only the registry can say no
        var refused = Assert.Throws<ChannelException>(() => ContractInfo.Declare(impostor, "impostor (pid 9)"));
        Assert.Contains("declared by impostor (pid 9) conflicts with the system contract SystemTcpForTheRegistryTest", refused.Message);
        Assert.Equal("the system", ContractInfo.Find(system.Id).RegisteredBy);
        Assert.Same(system, ContractInfo.Declare(InfoOf(model, "SystemTcpForTheRegistryTest"), "impostor (pid 9)"));
    }

    // A link reads the system fingerprint with its exchange heap's lock held (interrupts masked in the kernel): waiting
    // there for the registry's lock deadlocked an arm64 kernel whose other thread held it. So the read takes no lock,
    // and registering system contracts brings it up to date.
    [Fact]
    public void TheSystemFingerprintIsReadWithoutTheRegistrysLockAndFollowsRegisterSystem()
    {
        ulong before = ContractInfo.SystemFingerprint();
        ContractInfo system = InfoOf(System("PingPongContract"), "SystemPingForTheFingerprintTest");
        ContractInfo.RegisterSystem(new[] { system });
        ulong after = ContractInfo.SystemFingerprint();
        Assert.NotEqual(before, after);

        object registryLock = typeof(ContractInfo).GetField("s_registryLock", global::System.Reflection.BindingFlags.NonPublic | global::System.Reflection.BindingFlags.Static)!.GetValue(null)!;
        using var held = new ManualResetEventSlim();
        using var release = new ManualResetEventSlim();
        var holder = new Thread(() =>
        {
            lock (registryLock)
            {
                held.Set();
                release.Wait(TimeSpan.FromSeconds(30));
            }
        });
        holder.Start();
        try
        {
            Assert.True(held.Wait(TimeSpan.FromSeconds(30)));
            ulong read = 0;
            var reader = new Thread(() => read = ContractInfo.SystemFingerprint());
            reader.Start();
            Assert.True(reader.Join(TimeSpan.FromSeconds(10)), "SystemFingerprint waited for the registry's lock");
            Assert.Equal(after, read);
        }
        finally
        {
            release.Set();
            holder.Join();
        }
    }
}
