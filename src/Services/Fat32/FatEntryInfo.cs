// What List and Stat report about a file or directory.
namespace Helios.Services.Fat32
{
    public sealed class FatEntryInfo
    {
        public FatEntryInfo(string name, string shortName, byte attributes, long size, uint firstCluster, ushort writeDate, ushort writeTime)
        {
            Name = name;
            ShortName = shortName;
            Attributes = attributes;
            Size = size;
            FirstCluster = firstCluster;
            WriteDate = writeDate;
            WriteTime = writeTime;
        }

        /// <summary>The long name, or the short one when the entry has none.</summary>
        public string Name { get; }

        /// <summary>The 8.3 name as stored ("README~1.TXT"); empty for the root.</summary>
        public string ShortName { get; }

        public byte Attributes { get; }

        public bool IsDirectory => (Attributes & FatAttributes.Directory) != 0;

        /// <summary>Bytes (0 for a directory).</summary>
        public long Size { get; }

        /// <summary>The first cluster of its data (0 for an empty file).</summary>
        public uint FirstCluster { get; }

        /// <summary>The last write, in DOS format: date (year-1980)&lt;&lt;9 | month&lt;&lt;5 | day; time hour&lt;&lt;11 | minute&lt;&lt;5 | second/2.</summary>
        public ushort WriteDate { get; }

        public ushort WriteTime { get; }
    }

    public static class FatAttributes
    {
        public const byte ReadOnly = 0x01;
        public const byte Hidden = 0x02;
        public const byte System = 0x04;
        public const byte VolumeLabel = 0x08;
        public const byte Directory = 0x10;
        public const byte Archive = 0x20;
        public const byte LongName = 0x0F;
    }
}
