// Channels between kernel threads over the system's contracts (src/Contracts): ping-pong, a pipe, the file contract,
// the TCP-like contracts (an endpoint sent over a channel, structs, choices), and select over several endpoints.
using Helios.Channels;
using Helios.Contracts;
using Helios.Testing;

namespace Helios.Kernel.Tests.Channels
{
    internal static class LocalChannelTests
    {
        [Test]
        public static void PingPong()
        {
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp server);
            var peer = Peer.Start(() =>
            {
                for (int i = 0; i < 1000; i++)
                {
                    server.ReceivePing(out int data);
                    server.SendPong(data * 2);
                }
                server.Close();
            });
            for (int i = 0; i < 1000; i++)
            {
                client.SendPing(i);
                client.ReceivePong(out int answer);
                Assert.Equal(i * 2, answer);
            }
            peer.Join();
            Assert.True(client.IsClosed);
            client.Close();
        }

        [Test]
        public static void APipeLendsTheReaderItsBuffersWithoutCopying()
        {
            PipeContract.NewChannel(out PipeContract.Imp writer, out PipeContract.Exp reader);
            long total = 0;
            var peer = Peer.Start(() =>
            {
                while (true)
                {
                    if (reader.WaitNext() == PipeContract.Descriptor.Message.Close)
                    {
                        reader.ReceiveClose();
                        break;
                    }
                    reader.ReceiveWrite(out ExArray<byte> data, out int count);
                    for (int i = 0; i < count; i++) total += data[i];
                    reader.SendWritten(data);
                }
            });
            var buffer = ExArray<byte>.Allocate(4096);
            ulong address = Address(buffer);
            long expected = 0;
            for (int round = 0; round < 50; round++)
            {
                for (int i = 0; i < 100; i++) buffer[i] = (byte)(round + i);
                for (int i = 0; i < 100; i++) expected += (byte)(round + i);
                writer.SendWrite(buffer, 100);
                writer.ReceiveWritten(out buffer);
                Assert.Equal(address, Address(buffer));     // the same memory came back: nothing was copied
            }
            writer.SendClose();
            peer.Join();
            Assert.Equal(expected, total);
            buffer.Free();
            writer.Close();
        }

        [Test]
        public static void TheFileContract()
        {
            FileContract.NewChannel(out FileContract.Imp client, out FileContract.Exp server);
            var peer = Peer.Start(() => FileServer(server));
            client.SendOpen(Chars("/nowhere"));
            client.ReceiveOpenFailed(out int error);
            Assert.Equal(2, error);
            client.SendOpen(Chars("/motd"));
            Assert.Equal(FileContract.Descriptor.Message.OpenOk, client.WaitNext());
            client.ReceiveOpenOk();
            var buffer = ExArray<byte>.Allocate(8);
            var text = new char[64];
            int length = 0;
            for (long offset = 0; ; offset += 8)
            {
                client.SendRead(buffer, offset);
                client.ReceiveReadDone(out buffer, out int count);
                if (count == 0) break;
                for (int i = 0; i < count; i++) text[length++] = (char)buffer[i];
            }
            Assert.Equal(Motd, new string(text, 0, length));
            client.SendClose();
            peer.Join();
            Assert.Equal((int)FileContract.Descriptor.State.End, client.ProtocolState);
            buffer.Free();
            client.Close();
        }

        [Test]
        public static void TheTcpContractsHandAConnectionToTheStack()
        {
            TcpContract.NewChannel(out TcpContract.Imp stack, out TcpContract.Exp service);
            var peer = Peer.Start(() => NetworkStack(service));

            TcpConnectionContract.NewChannel(out TcpConnectionContract.Imp connection, out TcpConnectionContract.Exp remote);
            stack.SendCreateConnection(remote);
            Assert.False(ExchangeHeap.Current.IsLive(remote.Handle));    // the exporter end now belongs to the stack
            stack.ReceiveConnectionCreated();

            connection.SendConnect(new IPv4Endpoint { address = 0x0A000002, port = 80 });
            connection.ReceiveConnected(out IPv4Endpoint local, out IPv4Endpoint remoteAddress);
            Assert.Equal(0x0A000001u, local.address);
            Assert.Equal((ushort)49152, local.port);
            Assert.Equal((ushort)80, remoteAddress.port);

            var data = ExArray<byte>.Allocate(16);
            data[0] = 42;
            connection.SendSend(data, 1);
            connection.ReceiveSent(out data);
            connection.SendReceive(data);
            var select = new Select();
            int received = select.Add(connection.OnReceived());
            int closed = select.Add(connection.OnPeerClosed());
            Assert.Equal(received, select.Wait());
            connection.ReceiveReceived(out data, out int count);
            Assert.Equal(1, count);
            Assert.Equal((byte)43, data[0]);                              // the stack's echo, plus one
            connection.SendReceive(data);
            Assert.Equal(closed, select.Wait());
            connection.ReceivePeerClosed(out data);
            connection.SendClose();
            connection.ReceiveClosed();
            Assert.Equal((int)TcpConnectionContract.Descriptor.State.End, connection.ProtocolState);
            data.Free();
            connection.Close();
            stack.Close();
            peer.Join();
        }

        [Test]
        public static void SelectWaitsOnSeveralEndpoints()
        {
            const int Clients = 4, Rounds = 25;
            var servers = new PingPongContract.Exp[Clients];
            var clients = new PingPongContract.Imp[Clients];
            for (int i = 0; i < Clients; i++) PingPongContract.NewChannel(out clients[i], out servers[i]);
            var peers = new Peer[Clients];
            for (int c = 0; c < Clients; c++)
            {
                PingPongContract.Imp mine = clients[c];
                int id = c;
                peers[c] = Peer.Start(() =>
                {
                    for (int r = 0; r < Rounds; r++)
                    {
                        mine.SendPing(id * 1000 + r);
                        mine.ReceivePong(out int answer);
                        if (answer != id * 1000 + r + 1) throw new System.InvalidOperationException("wrong answer " + answer.ToString());
                    }
                    mine.Close();
                });
            }
            var open = new System.Collections.Generic.List<int>();
            for (int i = 0; i < Clients; i++) open.Add(i);
            int pings = 0;
            while (open.Count > 0)
            {
                var select = new Select();          // cases 2k and 2k+1 are the k-th open server's
                foreach (int i in open)
                {
                    select.Add(servers[i].OnPing());
                    select.Add(servers[i].ClosedCase);
                }
                int chosen = select.Wait();
                PingPongContract.Exp server = servers[open[chosen / 2]];
                if (chosen % 2 == 1)
                {
                    server.Close();
                    open.RemoveAt(chosen / 2);
                    continue;
                }
                server.ReceivePing(out int data);
                server.SendPong(data + 1);
                pings++;
            }
            for (int i = 0; i < Clients; i++) peers[i].Join();
            Assert.Equal(Clients * Rounds, pings);
        }

        private const string Motd = "Helios: channels are the only IPC.";

        private static void FileServer(FileContract.Exp server)
        {
            while (true)
            {
                server.ReceiveOpen(out ExArray<char> path);
                bool found = Equals(path, "/motd");
                path.Free();
                if (found)
                {
                    server.SendOpenOk();
                    break;
                }
                server.SendOpenFailed(2);
            }
            while (server.WaitNext() == FileContract.Descriptor.Message.Read)
            {
                server.ReceiveRead(out ExArray<byte> buffer, out long offset);
                int count = 0;
                while (count < buffer.Length && offset + count < Motd.Length)
                {
                    buffer[count] = (byte)Motd[(int)offset + count];
                    count++;
                }
                server.SendReadDone(buffer, count);
            }
            server.ReceiveClose();
            server.Close();
        }

        private static void NetworkStack(TcpContract.Exp service)
        {
            service.ReceiveCreateConnection(out TcpConnectionContract.Exp connection);
            service.SendConnectionCreated();
            connection.ReceiveConnect(out IPv4Endpoint remote);
            connection.SendConnected(new IPv4Endpoint { address = 0x0A000001, port = 49152 }, remote);
            connection.ReceiveSend(out ExArray<byte> data, out int count);
            byte last = data[count - 1];
            connection.SendSent(data);
            connection.ReceiveReceive(out ExArray<byte> buffer);
            buffer[0] = (byte)(last + 1);
            connection.SendReceived(buffer, 1);
            connection.ReceiveReceive(out buffer);
            connection.SendPeerClosed(buffer);
            connection.ReceiveClose();
            connection.SendClosed();
            connection.Close();
            Assert.False(service.TryWaitNext(out _));                    // the client closed its end
            service.Close();
        }

        internal static ExArray<char> Chars(string text)
        {
            var chars = ExArray<char>.Allocate(text.Length);
            for (int i = 0; i < text.Length; i++) chars[i] = text[i];
            return chars;
        }

        private static bool Equals(ExArray<char> chars, string text)
        {
            if (chars.Length != text.Length) return false;
            for (int i = 0; i < text.Length; i++)
                if (chars[i] != text[i]) return false;
            return true;
        }

        internal static unsafe ulong Address(ExArray<byte> array)
            => (ulong)ExchangeHeap.Current.Resolve(array.Handle, out _, out _);
    }
}
