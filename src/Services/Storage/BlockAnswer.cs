// A block device's answer to the client's Next (BlockDeviceContract): Done, or Failed with its error, each giving back
// the buffer the client lent. When the client has gone, the buffer is the device's to free; the close then ends the
// device's loop for that client.
using Helios.Channels;
using Helios.Contracts;

namespace Helios.Services.Storage
{
    public static class BlockAnswer
    {
        /// <summary>The contract's errors: a range outside the device or not whole sectors; the device failed.</summary>
        public const int OutOfRange = 1, DeviceFailed = 2;

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
