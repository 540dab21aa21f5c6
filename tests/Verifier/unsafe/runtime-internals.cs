// The runtime's own machinery is public (it is the system module) but not for SIPs: here the kernel heap's
// counters and its region list.
// expect: HV0007 Program.Main() at IL_0000 (call Heap::get_AllocatedBytes): uses Internal.Runtime.Heap: the runtime's internals
// expect: HV0007 Program.Grow(void*) at IL_0007 (call Heap::AddRegion)
// expect: HV0001 Program.Grow(void*): its signature has a pointer type
public static class Program
{
    public static ulong Main() => Internal.Runtime.Heap.AllocatedBytes;

    public static unsafe void Grow(void* region) => Internal.Runtime.Heap.AddRegion(region, 1 << 20);
}
