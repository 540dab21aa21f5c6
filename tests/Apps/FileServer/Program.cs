// A file service as a process (issue 6's FileContract): an in-memory file system registered in the namespace.
// `fileserver <path> <clients>` registers path (the manifest declares /fs), serves that many clients one after the
// other — each opens files (OpenFailed(2) for a name it does not have), reads them at offsets into buffers it lends,
// and closes — then takes the path back and exits 0. It exits 1 when a client breaks off mid-conversation.
using Helios.Channels;
using Helios.Contracts;

public static class Program
{
    public const int NotFound = 2;

    // The file system: names and contents. The second file is larger than a client's buffer, so reads take turns.
    private static readonly string[] Names = { "/hello.txt", "/numbers.txt" };
    private static readonly string[] Contents =
    {
        "hello from the file service\n",
        "0123456789 1123456789 2123456789 3123456789 4123456789 5123456789 6123456789 7123456789\n",
    };

    public static int Main(string[] args)
    {
        string path = args.Length > 0 ? args[0] : "/fs";
        int clients = args.Length > 1 ? int.Parse(args[1]) : 1;
        int registration = ServiceNamespace.Register(path, FileContract.Info);
        System.Console.WriteLine("serving " + path);
        int status = 0;
        for (int i = 0; i < clients && status == 0; i++)
        {
            var client = new FileContract.Exp(ServiceNamespace.Accept(registration));
            status = Serve(client);
            client.Close();
        }
        ServiceNamespace.Unregister(registration);
        return status;
    }

    private static int Serve(FileContract.Exp client)
    {
        int file = -1;
        while (client.TryWaitNext(out FileContract.Descriptor.Message next))
        {
            switch (next)
            {
                case FileContract.Descriptor.Message.Open:
                    client.ReceiveOpen(out ExArray<char> name);
                    file = Find(name);
                    name.Free();
                    if (file < 0) client.SendOpenFailed(NotFound);
                    else client.SendOpenOk();
                    break;
                case FileContract.Descriptor.Message.Read:
                    client.ReceiveRead(out ExArray<byte> buffer, out long offset);
                    string text = Contents[file];
                    int count = 0;
                    while (count < buffer.Length && offset + count < text.Length)
                    {
                        buffer[count] = (byte)text[(int)offset + count];
                        count++;
                    }
                    client.SendReadDone(buffer, count);
                    break;
                case FileContract.Descriptor.Message.Close:
                    client.ReceiveClose();
                    return 0;
            }
        }
        System.Console.WriteLine("the client closed its channel without Close");
        return 1;
    }

    private static int Find(ExArray<char> name)
    {
        for (int f = 0; f < Names.Length; f++)
        {
            if (Names[f].Length != name.Length) continue;
            int i = 0;
            while (i < name.Length && name[i] == Names[f][i]) i++;
            if (i == name.Length) return f;
        }
        return -1;
    }
}
