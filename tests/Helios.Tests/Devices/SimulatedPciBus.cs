// A PCI bus in memory for the scanner's tests: functions with identity, class, BARs that decode only their size's
// bits (as hardware does: writing all ones reads back the size mask) and a capability list.
using Helios.Kernel.Devices.Pci;

namespace Helios.Tests.Devices;

internal sealed class SimulatedPciBus : IPciConfigSpace
{
    private readonly Dictionary<(byte, byte, byte), SimulatedFunction> _functions = new();

    /// <summary>Every bus whose configuration space was read.</summary>
    public SortedSet<byte> BusesRead { get; } = new();

    public SimulatedFunction Add(byte bus, byte device, byte function, ushort vendor, ushort deviceId, uint classCode = 0xFF0000, bool multifunction = false)
    {
        var added = new SimulatedFunction(vendor, deviceId, classCode, multifunction);
        _functions[(bus, device, function)] = added;
        return added;
    }

    public SimulatedFunction Get(byte bus, byte device, byte function) => _functions[(bus, device, function)];

    public uint Read32(byte bus, byte device, byte function, int offset)
    {
        BusesRead.Add(bus);
        Assert4(offset);
        return _functions.TryGetValue((bus, device, function), out SimulatedFunction f) ? f.Read(offset) : 0xFFFF_FFFF;
    }

    public void Write32(byte bus, byte device, byte function, int offset, uint value)
    {
        Assert4(offset);
        if (_functions.TryGetValue((bus, device, function), out SimulatedFunction f)) f.Write(offset, value);
    }

    private static void Assert4(int offset)
    {
        if (offset < 0 || offset > 4092 || (offset & 3) != 0) throw new ArgumentOutOfRangeException(nameof(offset));
    }
}

internal sealed class SimulatedFunction
{
    private readonly uint[] _registers = new uint[1024];
    private readonly ulong[] _barSizes = new ulong[6];
    private readonly uint[] _barFlags = new uint[6];

    public SimulatedFunction(ushort vendor, ushort device, uint classCode, bool multifunction)
    {
        _registers[0] = vendor | ((uint)device << 16);
        _registers[2] = classCode << 8;
        _registers[3] = multifunction ? 0x0080_0000u : 0;
    }

    /// <summary>Writes to the BARs while decoding was on (a real device would move there: the scanner must not).</summary>
    public int BarWritesWhileDecoding { get; private set; }

    public uint this[int offset] => _registers[offset / 4];

    public SimulatedFunction Bar(int index, ulong size, uint flags, ulong address = 0)
    {
        _barSizes[index] = size;
        _barFlags[index] = flags;
        _registers[4 + index] = (uint)address | flags;
        if ((flags & 6) == 4) _registers[5 + index] = (uint)(address >> 32);
        return this;
    }

    public SimulatedFunction Command(uint command)
    {
        _registers[1] = (_registers[1] & 0xFFFF_0000) | command;
        return this;
    }

    public SimulatedFunction Capabilities(params (byte Id, int Offset)[] list)
    {
        _registers[1] |= 1u << 20;
        _registers[0x34 / 4] = list.Length == 0 ? 0 : (uint)list[0].Offset;
        for (int i = 0; i < list.Length; i++)
        {
            int next = i + 1 < list.Length ? list[i + 1].Offset : 0;
            _registers[list[i].Offset / 4] = list[i].Id | ((uint)next << 8);
        }
        return this;
    }

    /// <summary>Sets a raw register (a malformed capability list, say).</summary>
    public SimulatedFunction Poke(int offset, uint value)
    {
        _registers[offset / 4] = value;
        return this;
    }

    public uint Read(int offset) => _registers[offset / 4];

    public void Write(int offset, uint value)
    {
        int index = offset / 4;
        if (index >= 4 && index < 10)
        {
            if ((_registers[1] & 3) != 0) BarWritesWhileDecoding++;
            _registers[index] = BarValue(index - 4, value);
            return;
        }
        if (index == 1) value = (_registers[1] & 0xFFFF_0000) | (value & 0xFFFF);   // status is read-only here
        _registers[index] = value;
    }

    // Which bits of a written BAR stick: the address bits above the size; the flag bits never change.
    private uint BarValue(int bar, uint value)
    {
        bool upperHalf = bar > 0 && (_barFlags[bar - 1] & 7) == 4 && _barSizes[bar - 1] != 0;
        if (upperHalf)
        {
            ulong mask = ~(_barSizes[bar - 1] - 1);
            return value & (uint)(mask >> 32);
        }
        ulong size = _barSizes[bar];
        if (size == 0) return 0;
        uint flags = _barFlags[bar];
        uint low = (uint)~(size - 1) & ((flags & 1) != 0 ? 0xFFFF_FFFCu : 0xFFFF_FFF0u);
        return (value & low) | flags;
    }
}
