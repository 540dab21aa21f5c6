// The system's contract descriptors, as ilc compiled them into this image: wire ids recomputed here from the
// names (FNV-1a, no host involved), tags that map back to their messages, the layouts of issue 6's file contract,
// and protocol walks through the tables. The same values on x86_64 and arm64 are what remote channels rely on.
using Helios.Contracts;
using Helios.Testing;

namespace Helios.Kernel.Tests.Contracts
{
    internal static class ContractDescriptorsTests
    {
        private const int Importer = 1, Exporter = 2;

        [Test]
        public static void IdsAreTheFnvHashesOfTheNames()
        {
            Assert.Equal(Fnv1a64("FileContract"), FileContract.Descriptor.Id);
            Assert.Equal(Fnv1a64("PingPongContract"), PingPongContract.Descriptor.Id);
            Assert.Equal(Fnv1a64("PipeContract"), PipeContract.Descriptor.Id);
            Assert.Equal(Fnv1a64("TcpConnectionContract"), TcpConnectionContract.Descriptor.Id);
            Assert.Equal(Fnv1a64("TcpContract"), TcpContract.Descriptor.Id);
            Assert.Equal("FileContract", FileContract.Descriptor.Name);
        }

        [Test]
        public static void TagsAreFoldedHashesAndMapBackToTheirMessages()
        {
            for (int i = 0; i < FileContract.Descriptor.MessageCount; i++)
            {
                Assert.Equal(Tag(FileContract.Descriptor.MessageNames[i]), FileContract.Descriptor.MessageTags[i]);
                Assert.Equal(i, FileContract.Descriptor.MessageOfTag(FileContract.Descriptor.MessageTags[i]));
            }
            for (int i = 0; i < TcpConnectionContract.Descriptor.MessageCount; i++)
                Assert.Equal(i, TcpConnectionContract.Descriptor.MessageOfTag(TcpConnectionContract.Descriptor.MessageTags[i]));
            Assert.Equal(-1, FileContract.Descriptor.MessageOfTag(0));
            Assert.Equal((ushort)FileContract.Descriptor.Tag.Read, FileContract.Descriptor.MessageTags[(int)FileContract.Descriptor.Message.Read]);
        }

        [Test]
        public static void FileContractLayouts()
        {
            // Header 16 bytes, then a 16-byte descriptor per ExHeap array, then values at natural alignment.
            Assert.Equal(16, (int)FileContract.Descriptor.OpenLayout.path);
            Assert.Equal(16, (int)FileContract.Descriptor.ReadLayout.buffer);
            Assert.Equal(32, (int)FileContract.Descriptor.ReadLayout.offset);
            Assert.Equal(32, (int)FileContract.Descriptor.ReadDoneLayout.count);
            Assert.Equal(40, (int)FileContract.Descriptor.MessageSizes[(int)FileContract.Descriptor.Message.Read]);
            Assert.Equal(24, (int)FileContract.Descriptor.MessageSizes[(int)FileContract.Descriptor.Message.OpenFailed]);
            Assert.Equal(16, (int)FileContract.Descriptor.MessageSizes[(int)FileContract.Descriptor.Message.Close]);
            Assert.Equal(1, (int)FileContract.Descriptor.MessageDescriptorCounts[(int)FileContract.Descriptor.Message.ReadDone]);
            // IPv4Endpoint { uint address; ushort port; } is 8 bytes aligned to 4: two of them end at 32.
            Assert.Equal(24, (int)TcpConnectionContract.Descriptor.ConnectedLayout.remote);
            Assert.Equal(32, (int)TcpConnectionContract.Descriptor.MessageSizes[(int)TcpConnectionContract.Descriptor.Message.Connected]);
        }

        [Test]
        public static void FileContractProtocolWalk()
        {
            int s = FileContract.Descriptor.StartState;
            s = Step(s, FileContract.Descriptor.Message.Open, Importer);
            Assert.Equal((int)FileContract.Descriptor.State.Opening, s);
            s = Step(s, FileContract.Descriptor.Message.OpenOk, Exporter);
            Assert.Equal((int)FileContract.Descriptor.State.Ready, s);
            s = Step(s, FileContract.Descriptor.Message.Read, Importer);
            // The server must answer before the client sends again.
            Assert.Equal(-1, Step(s, FileContract.Descriptor.Message.Read, Importer));
            Assert.Equal(-1, Step(s, FileContract.Descriptor.Message.OpenOk, Exporter));
            s = Step(s, FileContract.Descriptor.Message.ReadDone, Exporter);
            Assert.Equal((int)FileContract.Descriptor.State.Ready, s);
            s = Step(s, FileContract.Descriptor.Message.Close, Importer);
            Assert.Equal((int)FileContract.Descriptor.State.End, s);
            Assert.Equal(0, (int)FileContract.Descriptor.StateSenders[s]);
            Assert.Equal(-1, Step(s, FileContract.Descriptor.Message.Open, Importer));
        }

        [Test]
        public static void TcpConnectionGroupsMeetAgain()
        {
            int established = (int)TcpConnectionContract.Descriptor.State.Established;
            foreach (TcpConnectionContract.Descriptor.Message answer in new[] { TcpConnectionContract.Descriptor.Message.Sent, TcpConnectionContract.Descriptor.Message.SendFailed })
            {
                int s = TcpConnectionContract.Descriptor.NextState(established, (int)TcpConnectionContract.Descriptor.Message.Send, TcpConnectionContract.Descriptor.Side.Importer);
                Assert.True(s > 0);
                Assert.Equal(established, TcpConnectionContract.Descriptor.NextState(s, (int)answer, TcpConnectionContract.Descriptor.Side.Exporter));
            }
            Assert.Equal(-1, TcpConnectionContract.Descriptor.NextState(established, (int)TcpConnectionContract.Descriptor.Message.Send, TcpConnectionContract.Descriptor.Side.Exporter));
        }

        private static int Step(int state, FileContract.Descriptor.Message message, int sender) =>
            FileContract.Descriptor.NextState(state, (int)message, (FileContract.Descriptor.Side)sender);

        private static ulong Fnv1a64(string ascii)
        {
            ulong hash = 0xCBF29CE484222325UL;
            foreach (char c in ascii)
            {
                hash ^= c;
                hash *= 0x100000001B3UL;
            }
            return hash;
        }

        private static ushort Tag(string ascii)
        {
            uint hash = 0x811C9DC5U;
            foreach (char c in ascii)
            {
                hash ^= c;
                hash *= 0x01000193U;
            }
            ushort tag = (ushort)((hash >> 16) ^ (hash & 0xFFFF));
            return tag == 0 ? (ushort)1 : tag;
        }
    }
}
