// What the file tools (ls, cat, cp, mkdir, rm: docs/services.md) share: the file system service at /fs reached through
// FileSystemContract, one request at a time, each failure a FileSystemException whose message names the path and says
// what is wrong in words, so that a tool prints it and exits 1.
using System;
using Helios.Channels;
using Helios.Contracts;
using Helios.Services.Fat32;
using Helios.Services.Storage;

namespace Helios.Apps.FileTools
{
    public sealed class FileSystemClient
    {
        public const string Path = "/fs";
        public const int BufferSize = 16 * 1024;

        private readonly FileSystemContract.Imp _fs;

        private FileSystemClient(FileSystemContract.Imp fs) { _fs = fs; }

        /// <summary>The service at /fs (waiting up to 30 s for it); null, having said why on stderr, when there is none.</summary>
        public static FileSystemClient Connect(string tool)
        {
            FileSystemContract.NewChannel(out FileSystemContract.Imp fs, out FileSystemContract.Exp exporter);
            if (ServiceWait.Bind(Path, FileSystemContract.Info, exporter.Handle, out string why)) return new FileSystemClient(fs);
            Console.Error.WriteLine(tool + ": no file system at " + Path + " (boot with --disk): " + why);
            return null;
        }

        public void Close() => _fs.Close();

        /// <summary>One entry of a directory, or null past its last.</summary>
        public Entry List(string path, int index)
        {
            _fs.SendList(Chars(path), index);
            if (_fs.WaitNext() == FileSystemContract.Descriptor.Message.EndOfList)
            {
                _fs.ReceiveEndOfList();
                return null;
            }
            return ReceiveEntry(path);
        }

        public Entry Stat(string path)
        {
            _fs.SendStat(Chars(path));
            return ReceiveEntry(path);
        }

        /// <summary>Opens path (mode 0 an existing file, 1 a new one, 2 create or truncate): its handle.</summary>
        public int Open(string path, int mode, out long length)
        {
            _fs.SendOpen(Chars(path), mode);
            if (_fs.WaitNext() != FileSystemContract.Descriptor.Message.Opened) throw Failure(path);
            _fs.ReceiveOpened(out int handle, out length);
            return handle;
        }

        /// <summary>Reads into buffer at offset (the buffer goes to the service and comes back): the bytes read, 0 at the end.</summary>
        public int Read(string path, int handle, ref ExArray<byte> buffer, long offset)
        {
            _fs.SendRead(handle, buffer, offset);
            if (_fs.WaitNext() == FileSystemContract.Descriptor.Message.ReadDone)
            {
                _fs.ReceiveReadDone(out buffer, out int count);
                return count;
            }
            _fs.ReceiveBufferFailed(out buffer, out int error);
            throw Error(path, error);
        }

        public void Write(string path, int handle, ref ExArray<byte> buffer, int count, long offset)
        {
            _fs.SendWrite(handle, buffer, count, offset);
            if (_fs.WaitNext() == FileSystemContract.Descriptor.Message.WriteDone)
            {
                _fs.ReceiveWriteDone(out buffer);
                return;
            }
            _fs.ReceiveBufferFailed(out buffer, out int error);
            throw Error(path, error);
        }

        public void CloseFile(string path, int handle)
        {
            _fs.SendClose(handle);
            Done(path);
        }

        /// <summary>The open file's data out of the service's cache: the next read of it comes from the disk.</summary>
        public void DropCache(string path, int handle)
        {
            _fs.SendDropCache(handle);
            Done(path);
        }

        public void MakeDirectory(string path)
        {
            _fs.SendMakeDirectory(Chars(path));
            Done(path);
        }

        public void Delete(string path)
        {
            _fs.SendDelete(Chars(path));
            Done(path);
        }

        /// <summary>Everything changed reaches the disk before the tool says it is done (the machine may stop right after).</summary>
        public void Flush()
        {
            _fs.SendFlush();
            Done(Path);
        }

        private void Done(string path)
        {
            if (_fs.WaitNext() != FileSystemContract.Descriptor.Message.Done) throw Failure(path);
            _fs.ReceiveDone();
        }

        private Entry ReceiveEntry(string path)
        {
            if (_fs.WaitNext() != FileSystemContract.Descriptor.Message.Entry) throw Failure(path);
            _fs.ReceiveEntry(out ExArray<char> name, out bool directory, out long size);
            var entry = new Entry(new string(name.Span), directory, size);
            name.Free();
            return entry;
        }

        private FileSystemException Failure(string path)
        {
            _fs.ReceiveFailed(out int error);
            return Error(path, error);
        }

        private static FileSystemException Error(string path, int code)
        {
            var error = (FileSystemError)code;
            string what = error switch
            {
                FileSystemError.Corrupt => "the file system is corrupt",
                FileSystemError.Unsupported => "the file system is not one this service handles",
                FileSystemError.NotFound => "no such file or directory",
                FileSystemError.AlreadyExists => "already exists",
                FileSystemError.NotADirectory => "not a directory",
                FileSystemError.IsADirectory => "is a directory",
                FileSystemError.DirectoryNotEmpty => "directory not empty",
                FileSystemError.NoSpace => "no space left on the disk",
                FileSystemError.FileTooLarge => "file too large",
                FileSystemError.InvalidName => "not a valid name",
                FileSystemError.InvalidArgument => "invalid argument",
                FileSystemError.Busy => "the file is open",
                FileSystemError.IoError => "the disk failed",
                FileSystemError.Closed => "the file was closed",
                _ => "error " + code.ToString(),
            };
            return new FileSystemException(error, path + ": " + what);
        }

        private static ExArray<char> Chars(string text)
        {
            var chars = ExArray<char>.Allocate(text.Length);
            for (int i = 0; i < text.Length; i++) chars[i] = text[i];
            return chars;
        }

        public sealed class Entry
        {
            public Entry(string name, bool isDirectory, long size)
            {
                Name = name;
                IsDirectory = isDirectory;
                Size = size;
            }

            public string Name { get; }
            public bool IsDirectory { get; }
            public long Size { get; }
        }
    }
}
