// A file service's client (tests/Kernel/Channels/ProcessServiceTests.cs): `fileclient <path>` binds to the file
// service at path, opens a file that is not there (OpenFailed), then /numbers.txt, reads it whole in 16-byte pieces
// with one exchange-heap buffer that goes back and forth, checks it, and closes. Exit 0, or 1 with what was wrong.
using Helios.Channels;
using Helios.Contracts;

public static class Program
{
    private const string Expected = "0123456789 1123456789 2123456789 3123456789 4123456789 5123456789 6123456789 7123456789\n";

    public static int Main(string[] args)
    {
        FileContract.NewChannel(out FileContract.Imp files, out FileContract.Exp exporter);
        ServiceNamespace.Bind(args.Length > 0 ? args[0] : "/fs", FileContract.Info, exporter.Handle);

        files.SendOpen(Text("/no-such-file"));
        if (files.WaitNext() != FileContract.Descriptor.Message.OpenFailed) return Fail("a missing file opened");
        files.ReceiveOpenFailed(out int error);
        if (error != 2) return Fail("OpenFailed carried " + error.ToString());

        files.SendOpen(Text("/numbers.txt"));           // the protocol is back at Start: Open again
        if (files.WaitNext() != FileContract.Descriptor.Message.OpenOk) return Fail("/numbers.txt did not open");
        files.ReceiveOpenOk();

        var buffer = ExArray<byte>.Allocate(16);
        var read = new System.Text.StringBuilder();
        long offset = 0;
        int pieces = 0;
        while (true)
        {
            files.SendRead(buffer, offset);             // the buffer is the service's until ReadDone brings it back
            files.ReceiveReadDone(out buffer, out int count);
            if (count == 0) break;
            for (int i = 0; i < count; i++) read.Append((char)buffer[i]);
            offset += count;
            pieces++;
        }
        buffer.Free();
        files.SendClose();
        files.Close();
        if (read.ToString() != Expected) return Fail("read \"" + read.ToString() + "\"");
        System.Console.WriteLine("read " + offset.ToString() + " bytes in " + pieces.ToString() + " pieces");
        return 0;
    }

    private static ExArray<char> Text(string text)
    {
        var chars = ExArray<char>.Allocate(text.Length);
        for (int i = 0; i < text.Length; i++) chars[i] = text[i];
        return chars;
    }

    private static int Fail(string why)
    {
        System.Console.WriteLine(why);
        return 1;
    }
}
