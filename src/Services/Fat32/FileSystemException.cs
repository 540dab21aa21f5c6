// The one exception type the file system throws: what went wrong as a code, and a sentence saying where.
using System;

namespace Helios.Services.Fat32
{
    /// <summary>Why a file system operation failed.</summary>
    public enum FileSystemError
    {
        /// <summary>The on-disk data is inconsistent: a bad boot sector, a loop or an out-of-range cluster in the FAT,
        /// a directory entry that points nowhere, an image shorter than its boot sector says.</summary>
        Corrupt,
        /// <summary>A valid volume this code does not handle (FAT12/16, another sector size).</summary>
        Unsupported,
        NotFound,
        AlreadyExists,
        NotADirectory,
        IsADirectory,
        DirectoryNotEmpty,
        /// <summary>No free cluster, or a directory at its 65,536-entry limit.</summary>
        NoSpace,
        /// <summary>A file would grow past FAT's 4 GiB - 1 limit.</summary>
        FileTooLarge,
        InvalidName,
        InvalidArgument,
        /// <summary>The file is open (delete and rename of an open file are refused).</summary>
        Busy,
        /// <summary>The block device failed or was asked for a sector it does not have.</summary>
        IoError,
        /// <summary>The file handle was closed, or its file deleted.</summary>
        Closed,
    }

    /// <summary>A file system operation failed; <see cref="Error"/> says why.</summary>
    public class FileSystemException : Exception
    {
        public FileSystemException(FileSystemError error, string message) : base(message)
        {
            Error = error;
        }

        public FileSystemError Error { get; }

        internal static FileSystemException Corrupt(string message) => new FileSystemException(FileSystemError.Corrupt, "corrupt file system: " + message);
    }
}
