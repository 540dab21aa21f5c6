// PostMark's workload (Katcher 1997, the file system benchmark Helios §5.3 ran) as a sequence of steps, with no file
// system in it: a pool of files of random sizes is created, then each transaction pairs a read or an append on a
// random live file with the creation of a new file or the deletion of a random live one, then everything left is
// deleted. The steps depend only on the configuration and the seed, so the app (src/Apps/PostMark) and the Linux
// comparison's C port (bench/linux/src) do the same work, and a host test can check it without a disk.
//
// What this generator decides, and so what both ports must decide the same way:
// - Random numbers: xorshift64* from splitmix64 of the seed (both are short and need no library), Below(n) as the
//   next number modulo n (the bias is below 2^-50 for the small n used here).
// - Per transaction, first Below(10) < ReadBias picks read over append, then Below(10) < CreateBias picks create over
//   delete (PostMark's biases, out of 10; 5 and 5 are its defaults).
// - An append writes Between(Low, High) bytes at the file's end, cut so that the file never grows past High; a file
//   already at High gets a step of 0 bytes (it is still opened and closed). A read reads the whole file.
// - A read, append or delete with no live file is skipped (no step); a file is picked as Below(live count) in the live
//   list, which a deletion shrinks by moving its last entry into the hole.
// - Files are numbered from 0 in creation order; the final deletion goes through the live list from its end.
using System;

namespace Helios.Apps.PostMark
{
    public enum PostMarkOperation
    {
        Create,
        Read,
        Append,
        Delete,
    }

    /// <param name="File">The file's number (its name is derived from it).</param>
    /// <param name="Offset">Append: the file's length before it; otherwise 0.</param>
    /// <param name="Length">Create: the new file's size; Append: the bytes appended; Read: the file's size; Delete: 0.</param>
    public readonly struct PostMarkStep
    {
        public PostMarkStep(PostMarkOperation operation, int file, int offset, int length)
        {
            Operation = operation;
            File = file;
            Offset = offset;
            Length = length;
        }

        public PostMarkOperation Operation { get; }
        public int File { get; }
        public int Offset { get; }
        public int Length { get; }
    }

    public enum PostMarkPhase
    {
        Pool,
        Transactions,
        Cleanup,
        Done,
    }

    public sealed class PostMarkWorkload
    {
        private readonly int _files;
        private readonly int _low;
        private readonly int _high;
        private readonly int _transactions;
        private readonly int _readBias;
        private readonly int _createBias;
        private readonly int[] _live;
        private readonly int[] _size;
        private int _liveCount;
        private int _created;
        private int _transaction;
        private bool _secondHalf;
        private ulong _state;

        public PostMarkWorkload(int files, int low, int high, int transactions, ulong seed, int readBias = 5, int createBias = 5)
        {
            if (files < 0 || transactions < 0) throw new ArgumentOutOfRangeException(nameof(files), "counts cannot be negative");
            if (low < 0 || high < low) throw new ArgumentOutOfRangeException(nameof(low), "sizes need 0 <= low <= high");
            if (readBias < 0 || readBias > 10 || createBias < 0 || createBias > 10) throw new ArgumentOutOfRangeException(nameof(readBias), "biases are out of 10");
            _files = files;
            _low = low;
            _high = high;
            _transactions = transactions;
            _readBias = readBias;
            _createBias = createBias;
            _live = new int[files + transactions];
            _size = new int[files + transactions];
            ulong mixed = seed + 0x9E3779B97F4A7C15UL;
            mixed = (mixed ^ (mixed >> 30)) * 0xBF58476D1CE4E5B9UL;
            mixed = (mixed ^ (mixed >> 27)) * 0x94D049BB133111EBUL;
            mixed ^= mixed >> 31;
            _state = mixed == 0 ? 1 : mixed;   // xorshift's state must never be zero
        }

        public PostMarkPhase Phase { get; private set; }

        /// <summary>How many transactions have been generated so far (both halves of each).</summary>
        public int TransactionsDone => _transaction;

        /// <summary>The most files that can ever exist at once, and so the largest file number plus one.</summary>
        public int FileNumbers => _files + _transactions;

        /// <summary>The next step; false once everything has been deleted.</summary>
        public bool Next(out PostMarkStep step)
        {
            while (true)
            {
                switch (Phase)
                {
                    case PostMarkPhase.Pool:
                        if (_created < _files)
                        {
                            step = Create();
                            return true;
                        }
                        Phase = PostMarkPhase.Transactions;
                        break;
                    case PostMarkPhase.Transactions:
                        if (_transaction >= _transactions)
                        {
                            Phase = PostMarkPhase.Cleanup;
                            break;
                        }
                        bool produced = _secondHalf ? CreateOrDelete(out step) : ReadOrAppend(out step);
                        if (_secondHalf) _transaction++;
                        _secondHalf = !_secondHalf;
                        if (produced) return true;
                        break;
                    case PostMarkPhase.Cleanup:
                        if (_liveCount > 0)
                        {
                            step = Delete(_liveCount - 1);
                            return true;
                        }
                        Phase = PostMarkPhase.Done;
                        break;
                    default:
                        step = default;
                        return false;
                }
            }
        }

        /// <summary>The byte at <paramref name="offset"/> of file <paramref name="file"/>: what is written and what a read
        /// must find. It does not repeat every 256 bytes, so a block read from the wrong place shows.</summary>
        public static byte Pattern(int file, int offset) => (byte)(file * 131 + offset + (offset >> 8) * 7);

        private bool ReadOrAppend(out PostMarkStep step)
        {
            bool read = Below(10) < (ulong)_readBias;
            if (_liveCount == 0)
            {
                step = default;
                return false;
            }
            int file = _live[(int)Below((ulong)_liveCount)];
            if (read)
            {
                step = new PostMarkStep(PostMarkOperation.Read, file, 0, _size[file]);
                return true;
            }
            int length = Between(_low, _high);
            if (length > _high - _size[file]) length = _high - _size[file];
            if (length < 0) length = 0;   // a file created larger than High cannot exist, but never append a negative
            step = new PostMarkStep(PostMarkOperation.Append, file, _size[file], length);
            _size[file] += length;
            return true;
        }

        private bool CreateOrDelete(out PostMarkStep step)
        {
            if (Below(10) < (ulong)_createBias)
            {
                step = Create();
                return true;
            }
            if (_liveCount == 0)
            {
                step = default;
                return false;
            }
            step = Delete((int)Below((ulong)_liveCount));
            return true;
        }

        private PostMarkStep Create()
        {
            int file = _created++;
            _size[file] = Between(_low, _high);
            _live[_liveCount++] = file;
            return new PostMarkStep(PostMarkOperation.Create, file, 0, _size[file]);
        }

        private PostMarkStep Delete(int index)
        {
            int file = _live[index];
            _live[index] = _live[--_liveCount];
            return new PostMarkStep(PostMarkOperation.Delete, file, 0, 0);
        }

        private int Between(int low, int high) => low + (int)Below((ulong)(high - low) + 1);

        private ulong Below(ulong n)
        {
            // xorshift64* (Marsaglia's xorshift with Vigna's multiplier).
            _state ^= _state >> 12;
            _state ^= _state << 25;
            _state ^= _state >> 27;
            return _state * 0x2545F4914F6CDD1DUL % n;
        }
    }
}
