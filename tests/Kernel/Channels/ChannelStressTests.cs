// 10^6 messages between two kernel threads arrive without loss, duplication or reordering, and the exchange heap is
// back to its baseline afterwards (no block, message or endpoint left behind).
using Helios.Channels;
using Helios.Testing;

namespace Helios.Kernel.Tests.Channels
{
    internal static class ChannelStressTests
    {
        private const long Messages = 1_000_000;
        private const int Window = 1000;

        [Test]
        public static void AMillionMessagesInOrderAndTheHeapBackToBaseline()
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            int baseline = heap.LiveHandles;
            long baselineBytes = heap.LiveBytes;
            SequenceContract.NewChannel(out SequenceContract.Imp sender, out SequenceContract.Exp receiver);
            long received = 0, outOfOrder = 0;
            var peer = Peer.Start(() =>
            {
                while (true)
                {
                    SequenceContract.Descriptor.Message next = receiver.WaitNext();
                    if (next == SequenceContract.Descriptor.Message.Item)
                    {
                        receiver.ReceiveItem(out long sequence);
                        if (sequence != received) outOfOrder++;
                        received++;
                    }
                    else if (next == SequenceContract.Descriptor.Message.Flush)
                    {
                        receiver.ReceiveFlush();
                        receiver.SendFlushed(received);
                    }
                    else
                    {
                        receiver.ReceiveDone();
                        break;
                    }
                }
                receiver.Close();
            });
            for (long i = 0; i < Messages; i++)
            {
                sender.SendItem(i);
                if ((i + 1) % Window == 0)
                {
                    sender.SendFlush();
                    sender.ReceiveFlushed(out long count);
                    if (count != i + 1) Assert.Equal(i + 1, count);
                }
            }
            sender.SendDone();
            peer.Join();
            Assert.Equal(Messages, received);
            Assert.Equal(0L, outOfOrder);
            sender.Close();
            Assert.Equal(baseline, heap.LiveHandles);
            Assert.Equal(baselineBytes, heap.LiveBytes);
        }
    }
}
