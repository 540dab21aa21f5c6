// Ownership: every array and endpoint is in its owner's list, or in flight inside a queued message (owned by no one:
// reachable only from the message's descriptors). A send moves them to in flight and the receive moves them to the
// receiver, each move bumping the generation so the old handle dies. Message blocks are held by endpoints instead
// (Endpoint.cs): Slot.Owner says whose they are, for checks, without a list. Reclaim frees all an owner holds.
namespace Helios.Channels
{
    public sealed unsafe partial class ExchangeHeap
    {
        /// <summary>
        /// Frees every buffer and message owner holds and closes every endpoint it holds (their peers see the channel
        /// closed); afterwards the owner is dead. What it had in flight inside messages it sent belongs to the
        /// receivers and is left alone. For processes at exit; for kernel threads, by whoever made their owner.
        /// </summary>
        public void Reclaim(ExOwner owner)
        {
            if (owner == KernelOwner) throw new ChannelException("the kernel's owner is never reclaimed");
            nuint state = _host.Lock();
            try
            {
                owner.Alive = false;
                while (owner.FirstSlot != 0) DestroyLocked(owner.FirstSlot);
            }
            finally
            {
                _host.Unlock(state);
            }
        }

        /// <summary>
        /// Gives a block or endpoint from one owner to another outside any channel — what a loader does to hand a new
        /// process its first endpoints. Returns the new handle; the old one is dead.
        /// </summary>
        public ulong Transfer(ulong handle, ExOwner from, ExOwner to)
        {
            nuint state = _host.Lock();
            try
            {
                if (!to.Alive) throw new ChannelException(to.ToString() + " is dead");
                if (!IsLiveLocked(handle)) throw Dead(handle);
                int index = ExHandle.SlotOf(handle);
                if (SlotAt(index).Kind == SlotKind.Message) throw new ChannelException("a message block travels only in its channel");
                return MoveLocked(CheckOwnedLocked(handle, from, SlotAt(index).Kind), to);
            }
            finally
            {
                _host.Unlock(state);
            }
        }

        /// <summary>Closes an endpoint owner holds, on its behalf (the kernel cleaning up for a service or process).</summary>
        public void CloseEndpoint(ulong handle, ExOwner owner)
        {
            nuint state = _host.Lock();
            try
            {
                DestroyLocked(CheckOwnedLocked(handle, owner, SlotKind.Endpoint));
            }
            finally
            {
                _host.Unlock(state);
            }
        }

        internal ExOwner OwnerById(int id) => _owners[id];

        // Moves a live slot to another owner (or in flight when to is null) and returns its new handle.
        internal ulong MoveLocked(int index, ExOwner to)
        {
            ref Slot s = ref SlotAt(index);
            if (s.Kind == SlotKind.Endpoint)
            {
                s.Endpoint.ReleaseBlocksLocked(this);
                s.Endpoint.WakeLocked(_host);     // whoever waits on it no longer holds it: let them find out
            }
            if (s.Owner != Slot.InFlight) UnlinkOwnerLocked(index);
            s.Generation++;
            if (to is not null) LinkOwnerLocked(index, to);
            return ExHandle.Make(index, s.Generation);
        }

        // Frees a slot and everything only it reaches: a message's in-flight blocks and endpoints, an endpoint's
        // queued messages (closing the endpoint first, so its peer sees the channel closed).
        internal void DestroyLocked(int index)
        {
            ref Slot s = ref SlotAt(index);
            if (s.Kind == SlotKind.Endpoint) s.Endpoint.CloseLocked(this);
            else if (s.Kind == SlotKind.Message) DestroyContentsLocked(s.Address);
            FreeSlotLocked(index);
        }

        // The in-flight blocks and endpoints a message names in its descriptors (docs/contracts.md's layout).
        private void DestroyContentsLocked(ulong message)
        {
            int descriptors = *(byte*)(message + WireLayout.DescriptorCountOffset);
            for (int i = 0; i < descriptors; i++)
            {
                ulong handle = *(ulong*)(message + (ulong)WireLayout.DescriptorOffset(i) + WireLayout.DescriptorHandleOffset);
                if (handle == 0 || !IsLiveLocked(handle)) continue;
                int inner = ExHandle.SlotOf(handle);
                if (SlotAt(inner).Owner == Slot.InFlight) DestroyLocked(inner);
            }
        }

        private void LinkOwnerLocked(int index, ExOwner owner)
        {
            ref Slot s = ref SlotAt(index);
            s.Owner = owner.Id;
            s.OwnerPrevious = 0;
            s.OwnerNext = owner.FirstSlot;
            if (owner.FirstSlot != 0) SlotAt(owner.FirstSlot).OwnerPrevious = index;
            owner.FirstSlot = index;
            owner.Handles++;
            owner.HeldBytes += s.Capacity;
        }

        private void UnlinkOwnerLocked(int index)
        {
            ref Slot s = ref SlotAt(index);
            ExOwner owner = _owners[s.Owner];
            if (s.OwnerPrevious != 0) SlotAt(s.OwnerPrevious).OwnerNext = s.OwnerNext;
            else owner.FirstSlot = s.OwnerNext;
            if (s.OwnerNext != 0) SlotAt(s.OwnerNext).OwnerPrevious = s.OwnerPrevious;
            s.OwnerPrevious = s.OwnerNext = 0;
            s.Owner = Slot.InFlight;
            owner.Handles--;
            owner.HeldBytes -= s.Capacity;
        }
    }
}
