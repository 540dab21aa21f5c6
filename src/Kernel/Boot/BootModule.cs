// A file QEMU's loader put in guest RAM for the kernel, found by a command line word "<key>=<address>,<length>": the
// boot bundle of apps, the satellite kernel image. Checked to be in usable RAM and clear of the kernel's image and
// early heap [kernelStart, kernelEnd).
namespace Helios.Kernel.Boot
{
    public static class BootModule
    {
        public static bool TryLocate(BootInfo boot, string key, string what, ulong kernelStart, ulong kernelEnd, out ulong address, out ulong length)
        {
            address = length = 0;
            string value = new CommandLine(boot.CommandLine).GetValue(key);
            if (value is null) return false;
            int comma = value.IndexOf(',');
            if (comma < 0 || !TryParseNumber(value.Substring(0, comma), out address) || !TryParseNumber(value.Substring(comma + 1), out length) || length == 0)
                throw new BootInfoException(key + "=" + value + ": expected " + key + "=<address>,<length>");
            if (address < kernelEnd && kernelStart < address + length)
                throw new BootInfoException(key + "=" + value + ": " + what + " overlaps the kernel image (give the machine more memory)");
            foreach (MemoryRegion region in boot.Memory)
                if (region.Kind == MemoryKind.Usable && address >= region.Start && address < region.End && length <= region.End - address)
                    return true;
            throw new BootInfoException(key + "=" + value + ": the range is not in usable RAM");
        }

        private static bool TryParseNumber(string text, out ulong value)
        {
            text = text.Trim();
            if (text.StartsWith("0x") || text.StartsWith("0X"))
                return ulong.TryParse(text.Substring(2), System.Globalization.NumberStyles.HexNumber, null, out value);
            return ulong.TryParse(text, out value);
        }
    }
}
