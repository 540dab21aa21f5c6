// How a link wakes the other kernel's link thread when it sleeps (LinkRing's "sleeping" word says when): an
// inter-processor interrupt to one of that kernel's CPUs in the kernel (src/Kernel/Multikernel), a semaphore in the
// host tests. Rung with the exchange heap's lock held: it must not block.
namespace Helios.Satellite.Links
{
    public abstract class LinkDoorbell
    {
        public abstract void Ring();
    }
}
