// A block device's answer to the client's Next (BlockDeviceContract): Done, or Failed with its error, each giving back
// the buffer the client lent. When the client has gone, the buffer is the device's to free; the close then ends the
// device's loop for that client.
using Helios.Channels;
using Helios.Contracts;

namespace Helios.Services.Storage
{
    public static class BlockAnswer
    {
        public static void Send(BlockDeviceContract.Exp client, ExArray<byte> buffer, int tag, int error)
        {
            try
            {
                if (error == 0) client.SendDone(buffer, tag);
                else client.SendFailed(buffer, tag, error);
            }
            catch (ChannelClosedException)
            {
                buffer.Free();
                throw;
            }
        }
    }
}
