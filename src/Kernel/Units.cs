// Quantities as people read them.
namespace Helios.Kernel
{
    public static class Units
    {
        /// <summary>A byte count with a binary unit and one decimal: "639.0 KiB", "127.9 MiB".</summary>
        public static string Bytes(ulong bytes)
        {
            if (bytes < 1024) return bytes.ToString() + " B";
            string[] units = { "KiB", "MiB", "GiB", "TiB" };
            int unit = 0;
            ulong scale = 1024;
            while (unit < units.Length - 1 && bytes >= scale * 1024)
            {
                scale *= 1024;
                unit++;
            }
            ulong tenths = (bytes * 10 + scale / 2) / scale;
            return (tenths / 10).ToString() + "." + (tenths % 10).ToString() + " " + units[unit];
        }
    }
}
