// Contracts in the kernel's registry, on both ISAs: the system's contracts (src/Contracts) are known from boot; the
// declare call of the channel ABI (helios_channel_declare_contract, called here through the same entry a process
// image is bound to) registers a new contract, accepts an identical one, and refuses malformed input, dishonest
// identities and conflicting tables with an error code, never a kernel fault; a process that brings a conflicting
// or malformed contract dies of it alone, naming the contract, who holds it and itself, and the contract it tried to
// redefine still works.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Processes;
using Helios.Testing;

namespace Helios.Kernel.Tests.Channels
{
    internal static unsafe class ProcessContractTests
    {
        [Test]
        public static void EverySystemContractIsKnownFromBoot()
        {
            // Descriptor.Id is a constant: naming it builds nothing, so what Find sees was registered at boot.
            ulong[] ids = { FileContract.Descriptor.Id, PipeContract.Descriptor.Id, TcpContract.Descriptor.Id,
                TcpConnectionContract.Descriptor.Id, PingPongContract.Descriptor.Id, BufferRoundTripContract.Descriptor.Id,
                BlockDeviceContract.Descriptor.Id, FileSystemContract.Descriptor.Id, KernelControlContract.Descriptor.Id };
            foreach (ulong id in ids)
            {
                ContractInfo known = ContractInfo.Find(id);
                Assert.NotNull(known);
                Assert.True(known.IsSystem, known.Name);
            }
            Assert.Equal(ids.Length, Helios.Contracts.ContractCatalog.All().Length);
            Assert.Equal(TcpConnectionContract.Descriptor.Fingerprint, ContractInfo.Find(TcpConnectionContract.Descriptor.Id).Fingerprint);
        }

        private static int Declare(byte[] declaration, int length)
        {
            var entry = (delegate*<byte*, int, int>)ProcessAbi.Lookup("helios_channel_declare_contract");
            Assert.True(entry != null, "the kernel exports helios_channel_declare_contract");
            fixed (byte* d = declaration) return entry(d, length);
        }

        private static int Declare(byte[] declaration) => Declare(declaration, declaration.Length);

        // The declaration of Put? -> Start under name, written by hand from the layout in ContractDeclaration.cs (so
        // nothing in this image builds a ContractInfo of that name before the kernel decodes it).
        private static byte[] Handmade(string name, ushort next)
        {
            var bytes = new System.Collections.Generic.List<byte>();
            void Put(ulong value, int size) { for (int i = 0; i < size; i++) bytes.Add((byte)(value >> (8 * i))); }
            void Text(string text) { Put((ulong)text.Length, 2); foreach (char ch in text) Put(ch, 2); }
            ulong id = WireHash.ContractId(name);
            Put(ContractDeclaration.Magic, 4); Put(id, 8); Put(7, 8); Text(name); Put(1, 4); Put(1, 4);
            Text("Put"); Put(WireHash.MessageTag("Put"), 2); Put(id, 8); Put(24, 2); Put(0, 1);
            Text("Start"); Put(ContractInfo.Importer, 1);
            Put(next, 2);
            return bytes.ToArray();
        }

        [Test]
        public static void TheDeclareCallRegistersAcceptsTheSameAndRefusesTheRest()
        {
            ulong id = WireHash.ContractId("KernelTestDeclared");
            Assert.Null(ContractInfo.Find(id));
            int declaredBefore = ContractInfo.DeclaredCount;
            byte[] declaration = Handmade("KernelTestDeclared", 1);
            Assert.Equal(0, Declare(declaration));              // unknown: validated and registered
            ContractInfo registered = ContractInfo.Find(id);
            Assert.NotNull(registered);
            Assert.False(registered.IsSystem);
            Assert.Equal(7UL, registered.Fingerprint);
            Assert.Equal(declaredBefore + 1, ContractInfo.DeclaredCount);
            Assert.Equal(0, Declare(declaration));              // again: identical, accepted, nothing added
            Assert.Equal(declaredBefore + 1, ContractInfo.DeclaredCount);
            Assert.True(ContractInfo.Find(id) == registered, "one table per id");
            Assert.Equal(ChannelErrors.Channel, Declare(Handmade("KernelTestDeclared", 0)));   // the same id, other tables
            Assert.Equal(ChannelErrors.Channel, Declare(Handmade("KernelTestNowhere", 2)));    // a transition to no state
            Assert.Null(ContractInfo.Find(WireHash.ContractId("KernelTestNowhere")));

            // A system contract's id with other tables; malformed bytes; lengths the kernel must not read.
            Assert.Equal(ChannelErrors.Channel, Declare(Handmade("PingPongContract", 1)));
            Assert.True(ContractInfo.Find(PingPongContract.Descriptor.Id).IsSystem);
            Assert.Equal(ChannelErrors.Channel, Declare(new byte[] { 1, 2, 3 }));
            Assert.Equal(ChannelErrors.Channel, Declare(new byte[0]));
            Assert.Equal(ChannelErrors.Channel, Declare(new byte[4], -1));
            Assert.Equal(ChannelErrors.Channel, Declare(new byte[4], ContractDeclaration.MaxBytes + 1));
            byte[] fresh = Handmade("KernelTestTruncated", 1);
            for (int length = 0; length < fresh.Length; length++) Assert.Equal(ChannelErrors.Channel, Declare(fresh, length));
            Assert.Null(ContractInfo.Find(WireHash.ContractId("KernelTestTruncated")));
            // The system contracts' own tables, as this image compiled them, are accepted as they are.
            foreach (ContractInfo system in Helios.Contracts.ContractCatalog.All()) Assert.Equal(0, Declare(ContractDeclaration.Encode(system)));
            Assert.Equal(declaredBefore + 1, ContractInfo.DeclaredCount);
        }

        [Test]
        public static void AProcessThatRedefinesASystemContractDiesAlone()
        {
            var baseline = HeapBaseline.Take();
            Process impostor = Apps.Create("impostor", new[] { "conflict" });
            impostor.Start();
            Assert.Equal(-1, impostor.Wait());
            Assert.Equal(ProcessState.Killed, impostor.State);
            Assert.True(impostor.KillReason.Contains("ChannelException"), impostor.KillReason);
            Assert.True(impostor.KillReason.Contains("declared by impostor (pid " + impostor.Id.ToString()
                + ") conflicts with the system contract PingPongContract"), impostor.KillReason);
            // The system's PingPongContract is untouched: two processes still talk over it.
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp server);
            Process s = Apps.Create("pingserver", new string[0]);
            Process c = Apps.Create("pingclient", new[] { "100" });
            s.GiveEndpoint(server.Handle);
            c.GiveEndpoint(client.Handle);
            s.Start();
            c.Start();
            Assert.Equal(0, c.Wait());
            Assert.Equal(0, s.Wait());
            baseline.AssertHandlesRestored();
        }

        [Test]
        public static void AProcessWithADriftedCopyOfAContractDiesNamingWhoHoldsIt()
        {
            // tally declares the library's TallyContract; tallydrift brings its own copy, whose Add carries a long.
            var baseline = HeapBaseline.Take();
            var server = ProcessServices.StartService("tally", new[] { "serve", "/services/tally", "100" }, "/services/tally");
            ContractInfo held = ContractInfo.Find(WireHash.ContractId("TallyContract"));
            Assert.NotNull(held);
            Assert.True(held.RegisteredBy.StartsWith("tally (pid "), held.RegisteredBy);    // this server, or an earlier tally
            Process drift = Apps.Create("tallydrift", new string[0]);
            drift.Start();
            Assert.Equal(-1, drift.Wait());
            Assert.Equal(ProcessState.Killed, drift.State);
            Assert.True(drift.KillReason.Contains("ChannelException"), drift.KillReason);
            Assert.True(drift.KillReason.Contains("declared by tallydrift (pid " + drift.Id.ToString()
                + ") conflicts with the contract TallyContract that " + held.RegisteredBy + " declared first"), drift.KillReason);
            // The library's TallyContract is untouched: its client still talks to the server.
            ProcessServices.RunToSuccess("tallyclient", new[] { "/services/tally", "3" });
            ProcessServices.EndsWell(server);
            Assert.True(ContractInfo.Find(held.Id) == held, "one table for the id");
            baseline.AssertRestored();
        }

        [Test]
        public static void AProcessThatDeclaresMalformedTablesDiesAlone()
        {
            Process malformed = Apps.Create("impostor", new[] { "malformed" });
            malformed.Start();
            Assert.Equal(-1, malformed.Wait());
            Assert.True(malformed.KillReason.Contains("the contract declaration was refused"), malformed.KillReason);
            Assert.True(malformed.KillReason.Contains("goes to state 9, but there are 1 states"), malformed.KillReason);
            Assert.Null(ContractInfo.Find(WireHash.ContractId("Broken")));

            Process wrongId = Apps.Create("impostor", new[] { "wrong-id" });
            wrongId.Start();
            Assert.Equal(-1, wrongId.Wait());
            Assert.True(wrongId.KillReason.Contains("FNV-1a 64 of its name"), wrongId.KillReason);
        }
    }
}
