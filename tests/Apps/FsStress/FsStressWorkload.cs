// The files fsstress writes (tests/Apps/FsStress), decided by a seed alone, so that the app in the guest and the host
// test that reads the disk image afterwards (tests/Helios.Tests/InKernel/DiskFileSystemTests.cs) agree on every name,
// size and byte without passing anything but the seed.
//
// - File i lives in directory i / 100 (/ROOT/d00, /ROOT/d01, ...); every third file has an upper-case 8.3 name
//   (F0042.BIN), the others a long one ("file 0043 of the stress test.bin"), so both kinds of entry are exercised.
// - Sizes are log-uniform by octave: an octave k is drawn uniformly from 0..19, then a size uniformly from
//   [2^k, 2^(k+1)) (the last octave includes 2^20), so from 1 byte to 1 MiB with as many files of 1-2 bytes as of
//   512 KiB-1 MiB; the mean is about 78 KiB, so 1,000 files hold about 75 MiB (seed 17: see TotalBytes).
// - Content: the bytes of splitmix64 seeded from the seed and the file's number, 8 at a time, little-endian.
// Integers only (no floating point), so the host CLR and the guest's runtime compute the same.
using System;

namespace Helios.Apps.FsStress
{
    public static class FsStressWorkload
    {
        public const int FilesPerDirectory = 100;
        public const int MaxSize = 1 << 20;

        public static string Directory(string root, int file)
        {
            int d = file / FilesPerDirectory;
            return root + "/d" + Digits(d, 2);
        }

        public static string Name(int file) => file % 3 == 0
            ? "F" + Digits(file, 4) + ".BIN"
            : "file " + Digits(file, 4) + " of the stress test.bin";

        public static string Path(string root, int file) => Directory(root, file) + "/" + Name(file);

        /// <summary>The file's number from its name (either kind), or -1 when the name is not one of ours.</summary>
        public static int Number(string name)
        {
            int start = name.StartsWith("F", StringComparison.Ordinal) && name.EndsWith(".BIN", StringComparison.Ordinal) ? 1
                : name.StartsWith("file ", StringComparison.Ordinal) ? 5 : -1;
            if (start < 0 || name.Length < start + 4) return -1;
            int n = 0;
            for (int i = start; i < start + 4; i++)
            {
                char c = name[i];
                if (c < '0' || c > '9') return -1;
                n = n * 10 + (c - '0');
            }
            return Name(n) == name ? n : -1;
        }

        public static int Size(ulong seed, int file)
        {
            ulong state = seed * 0x9E3779B97F4A7C15UL + (ulong)file * 0xD1B54A32D192ED03UL;
            int octave = (int)(SplitMix(ref state) % 20);
            int low = 1 << octave;
            int span = octave == 19 ? low + 1 : low;
            return low + (int)(SplitMix(ref state) % (ulong)span);
        }

        public static long TotalBytes(ulong seed, int files)
        {
            long total = 0;
            for (int i = 0; i < files; i++) total += Size(seed, i);
            return total;
        }

        /// <summary>The bytes of a file from the start, in order: Fill the next piece each time.</summary>
        public sealed class Content
        {
            private ulong _state;
            private ulong _word;
            private int _left;

            public Content(ulong seed, int file)
            {
                _state = seed ^ ((ulong)(file + 1) * 0xBF58476D1CE4E5B9UL);
            }

            public void Fill(Span<byte> bytes)
            {
                for (int i = 0; i < bytes.Length; i++)
                {
                    if (_left == 0)
                    {
                        _word = SplitMix(ref _state);
                        _left = 8;
                    }
                    bytes[i] = (byte)_word;
                    _word >>= 8;
                    _left--;
                }
            }
        }

        private static ulong SplitMix(ref ulong state)
        {
            state += 0x9E3779B97F4A7C15UL;
            ulong z = state;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
            return z ^ (z >> 31);
        }

        private static string Digits(int value, int width)
        {
            string s = value.ToString();
            while (s.Length < width) s = "0" + s;
            return s;
        }
    }
}
