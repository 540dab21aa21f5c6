// A fixed-size buffer is only reachable through a pointer.
// expect: HV0001 type Packet/<Payload>e__FixedBuffer: [UnsafeValueType]
// expect: HV0001 field Packet.Payload: [FixedBuffer]
// expect: HV0001 Program.At(Packet, int) at IL_
// expect: HV0001 (add): does arithmetic on a managed reference
public unsafe struct Packet
{
    public fixed byte Payload[64];
}

public static class Program
{
    public static unsafe byte First(Packet packet) => packet.Payload[0];

    public static unsafe byte At(Packet packet, int i) => packet.Payload[i];
}
