// The channel runtime's side of a channel between kernels (PeerLink.cs; docs/channels.md, "Channels between kernels"):
// making a real end whose peer is a shadow, a message from the far kernel arriving at it, the far end closing. The
// link (src/Satellite/Links) has already checked the record's bytes; here the protocol monitor checks the message
// against the shadow's state, which follows the far end's side of the conversation, so a kernel never queues a message
// its own monitor would refuse, whatever the other kernel believes. An arriving message is built in one go: its
// block and arrays are taken without zero-filling and written once from the record.
using System;

namespace Helios.Channels
{
    public static unsafe class ShadowEndpoints
    {
        /// <summary>
        /// A channel end of contract on side for owner, whose peer is the shadow of the end on the other kernel (number
        /// channel on link), both in protocol state (0 for a new channel; a moved end's state). Returns the end's
        /// handle; shadow is what the link keeps.
        /// </summary>
        public static ulong CreateLocked(ExchangeHeap heap, ContractInfo contract, byte side, ExOwner owner, PeerLink link, uint channel,
            out Endpoint shadow, int state = 0)
        {
            if (side != ContractInfo.Importer && side != ContractInfo.Exporter) throw new ArgumentException("no such side");
            if ((uint)state >= (uint)contract.StateNames.Length) throw new ArgumentException("no such state");
            PreparedEnd prepared = Prepare(heap);
            shadow = prepared.Shadow;
            return CreatePreparedLocked(heap, prepared, contract, side, owner, link, channel, state);
        }

        /// <summary>
        /// A real end and its shadow made ahead, with everything they need that is a managed object (the end's signal
        /// and wait list), for an Open the doorbell's interrupt takes (it may allocate nothing): Prepare makes it on a
        /// thread, CreatePreparedLocked gives it its contract, side, state and channel.
        /// </summary>
        public sealed class PreparedEnd
        {
            internal readonly Endpoint End = new Endpoint(), Shadow = new Endpoint();

            /// <summary>The shadow the link will keep for this end (known ahead, so the link's own record of the channel can be made ahead too).</summary>
            public Endpoint ShadowEnd => Shadow;
        }

        /// <summary>A prepared end and shadow for heap's kernel (a thread: it allocates).</summary>
        public static PreparedEnd Prepare(ExchangeHeap heap)
        {
            var prepared = new PreparedEnd();
            Endpoint end = prepared.End;
            end.Signal = heap.Host.CreateSignal(end);
            end.WaitList = heap.Host.CreateWaitList(new object[] { end.Signal }, 1);
            return prepared;
        }

        /// <summary>
        /// CreateLocked with a prepared end and shadow (used once): no managed object is allocated, and the end's slot
        /// comes from the slot table's free list, so the doorbell's interrupt may call it when HasFreeSlotLocked says so.
        /// The contract and state are the caller's to have checked (a far kernel's Open: HandleOpen's checks).
        /// </summary>
        public static ulong CreatePreparedLocked(ExchangeHeap heap, PreparedEnd prepared, ContractInfo contract, byte side, ExOwner owner,
            PeerLink link, uint channel, int state)
        {
            Endpoint end = prepared.End, far = prepared.Shadow;
            end.Contract = far.Contract = contract;
            end.Side = side;
            far.Side = end.PeerSide;
            end.State = far.State = state;
            far.Link = link;
            far.LinkChannel = channel;
            end.Peer = far;
            far.Peer = end;
            end.Slot = heap.AllocateLocked(owner, SlotKind.Endpoint, 0);
            heap.SlotAt(end.Slot).Endpoint = end;
            return ExHandle.Make(end.Slot, heap.SlotAt(end.Slot).Generation);
        }

        /// <summary>
        /// Moves the end handle names (held by owner) to the other kernel of link, where it will be channel's end: the
        /// end becomes, here, the shadow of its new self, so its peer (which stays) now talks across the link. Only a
        /// quiet end of a local channel moves this way (nothing queued either way, nothing being built, both ends open):
        /// a client's fresh channel bound to a service on another kernel. Returns null and the end (now the shadow,
        /// its handle dead) and its protocol state, or why it cannot move (then nothing changed).
        /// </summary>
        public static string ExportLocked(ExchangeHeap heap, ulong handle, ExOwner owner, PeerLink link, uint channel, out Endpoint shadow)
        {
            shadow = null;
            Endpoint end = heap.EndpointLocked(handle, owner);
            if (end is null) return "handle 0x" + handle.ToString("X") + " is not an endpoint held here";
            Endpoint peer = end.Peer;
            if (end.IsShadow || peer is null || peer.IsShadow)
                return "the " + end.Describe() + "'s channel already crosses kernels (an endpoint travels on through a third kernel in a later step)";
            if (end.Closed || end.PeerClosed || peer.Closed) return "the " + end.Describe() + "'s channel is closed";
            if (end.Head != 0 || peer.Head != 0 || end.Building != 0 || peer.Building != 0 || end.State != peer.State)
                return "the " + end.Describe() + "'s channel has messages in flight; only a quiet channel's end moves to another kernel yet";
            int slot = ExHandle.SlotOf(handle);
            heap.MoveLocked(slot, null);                // its blocks released, its waiters told, out of owner's list
            heap.SlotAt(slot).Endpoint = null;
            heap.FreeSlotLocked(slot);
            end.Slot = 0;
            end.Link = link;
            end.LinkChannel = channel;
            shadow = end;
            return null;
        }

        /// <summary>
        /// Carries the end in slot (in flight in a message going to the other kernel of link) across: a new shadow, channel
        /// number channel on link, stands for the end's new self over there, and the end's peer (a local end, or a shadow
        /// of an end on any kernel) now faces that shadow instead. Returns the shadow; the link adds its channel and sends
        /// its Open, then FinishCarryLocked sends what was queued at the end after it.
        /// </summary>
        public static Endpoint CarryLocked(ExchangeHeap heap, int slot, PeerLink link, uint channel)
        {
            Endpoint end = heap.SlotAt(slot).Endpoint;
            Endpoint peer = end.Peer;
            var shadow = new Endpoint(end.Contract, end.Side) { Link = link, LinkChannel = channel, State = end.State, Peer = peer };
            peer.Peer = shadow;
            return shadow;
        }

        /// <summary>
        /// The carried end's last steps here: what its peer had queued at it goes to the shadow (onto the link, in order,
        /// before anything the peer sends afterwards), a closed peer is reported across, and its slot is freed.
        /// </summary>
        public static void FinishCarryLocked(ExchangeHeap heap, int slot, Endpoint shadow)
        {
            Endpoint end = heap.SlotAt(slot).Endpoint;
            end.ReleaseBlocksLocked(heap);
            while (end.Head != 0) shadow.DeliverLocked(heap, end.DequeueLocked(heap));
            end.Tail = 0;
            Endpoint peer = shadow.Peer;
            if (end.PeerClosed)
            {
                // The peer had closed (or its kernel had): the carried end's new self hears it, and a relayed peer's
                // link is told this side is done too.
                shadow.PeerClosed = true;
                shadow.Link.CloseLocked(heap, shadow);
                if (peer.Link is not null && !peer.PeerClosed)
                {
                    peer.PeerClosed = true;
                    peer.Link.CloseLocked(heap, peer);
                }
            }
            end.Peer = null;
            end.Closed = true;
            heap.SlotAt(slot).Endpoint = null;
            heap.FreeSlotLocked(slot);
        }

        /// <summary>
        /// Why the end handle names cannot be carried to another kernel inside a message (null: it can): messages
        /// queued at it follow it as records of their own, so each must fit a record and carry no endpoint itself.
        /// </summary>
        public static string CarryRefusalLocked(ExchangeHeap heap, ulong handle, int maxRecordBytes, Func<ContractInfo, int, int> recordBytes)
        {
            Endpoint end = heap.SlotAt(ExHandle.SlotOf(handle)).Endpoint;
            if (end is null || end.IsShadow || end.Peer is null) return "handle 0x" + handle.ToString("X") + " is not a real endpoint";
            if (end.Closed) return "the " + end.Describe() + " is closed";
            for (int m = end.Head; m != 0; m = heap.SlotAt(m).QueueNext)
            {
                byte* block = (byte*)heap.SlotAt(m).Address;
                int descriptors = block[WireLayout.DescriptorCountOffset];
                for (int i = 0; i < descriptors; i++)
                    if (WireLayout.EndpointAt(block, i) != 0)
                        return "the " + end.Describe() + " has a message queued that carries an endpoint; such an end does not cross kernels yet";
                if (recordBytes(end.Contract, m) > maxRecordBytes)
                    return "the " + end.Describe() + " has a message queued larger than a link's record";
            }
            return null;
        }

        /// <summary>
        /// One array or endpoint a message from the far kernel carries: its kind; an array's element size and count and
        /// its bytes; an endpoint's handle (the kernel's, the end its link made for the carried one).
        /// </summary>
        public struct ArrivingArray
        {
            public bool Present;            // false: the sender's field was null
            public byte Kind;               // WireLayout.KindArray, KindImporter or KindExporter
            public ushort ElementSize;
            public uint Count;
            public byte* Bytes;
            public ulong Endpoint;
            internal int Block;             // ArriveLocked: the slot it took for the array
        }

        /// <summary>
        /// What ArriveLocked returns, with onlyFromFreeLists, for a message it left untouched because taking it here would
        /// refuse it or need more than the heap's free lists hold: the link thread takes it instead.
        /// </summary>
        public static readonly string NotNow = "not from the doorbell's interrupt";

        /// <summary>
        /// Message (an index of the shadow's contract) arrived from the far end: values are the bytes after the block's
        /// descriptors, arrays what its array descriptors carry, in order. Checked against the protocol, then queued at
        /// the real end and its receiver woken. Returns null, or why the message was refused (then nothing changed).
        /// With onlyFromFreeLists (the doorbell's interrupt: no managed object, no pages) a message that would be
        /// refused or needs blocks the free lists do not hold is left alone and NotNow returned. One pass does both
        /// the check and the work: the interrupt's delivery is the hot path of every remote message.
        /// </summary>
        public static string ArriveLocked(ExchangeHeap heap, Endpoint shadow, int message, byte* values, uint valuesLength,
            ArrivingArray* arrays, int arrayCount, bool onlyFromFreeLists = false)
        {
            ContractInfo contract = shadow.Contract;
            Endpoint end = shadow.Peer;
            int next = NextOnArrival(shadow, message, valuesLength, arrayCount);
            if (next < 0) return onlyFromFreeLists ? NotNow : Refusal(shadow, message, valuesLength, arrayCount);
            int descriptors = arrayCount;
            uint size = contract.MessageSizes[message];
            uint head = (uint)WireLayout.HeaderSize + (uint)descriptors * WireLayout.DescriptorSize;
            if (end.Closed)
            {
                // The ends it carries close here, and each tells its link (a record, allocated): not from the interrupt.
                if (onlyFromFreeLists)
                    for (int i = 0; i < descriptors; i++)
                        if (arrays[i].Endpoint != 0) return NotNow;
                shadow.State = next;        // accepted and dropped: this end is gone, and the far kernel hears of it
                for (int i = 0; i < descriptors; i++)
                    if (arrays[i].Endpoint != 0) heap.DestroyLocked(ExHandle.SlotOf(arrays[i].Endpoint));   // closed: their peers hear it
                return null;
            }
            // A relay (the real end moved to a third kernel, or back to the far one): the message goes on over the end's
            // own link. That takes a block and may take a backlog entry: never from the interrupt.
            if (end.Link is not null && onlyFromFreeLists) return NotNow;
            if (descriptors == 0 && DeliverToParkedLocked(heap, shadow, message, next, values, valuesLength)) return null;
            // Every block first, so that from the interrupt a message whose blocks are not all on the free lists
            // changes nothing (what was taken goes back) and is left for the link thread.
            // The block: the one the real end last received, which its receive left here (Channel.TakeLocked), else new.
            int slot = shadow.TakeSpareLocked(heap, size);
            bool spare = slot != 0;
            if (!spare) slot = heap.AllocateLocked(heap.KernelOwner, SlotKind.Message, size, zero: false, fromFreeListsOnly: onlyFromFreeLists);
            if (slot == 0) return NotNow;
            for (int i = 0; i < descriptors; i++)
            {
                arrays[i].Block = 0;
                if (arrays[i].Kind != WireLayout.KindArray || !arrays[i].Present) continue;
                uint bytes = (uint)arrays[i].ElementSize * arrays[i].Count;
                arrays[i].Block = TakeSpareArrayLocked(heap, shadow, bytes);
                if (arrays[i].Block != 0) continue;
                arrays[i].Block = heap.AllocateLocked(null, SlotKind.Buffer, bytes, zero: false,
                    fromFreeListsOnly: onlyFromFreeLists);       // in flight from the start: in no owner's list
                if (arrays[i].Block != 0) continue;
                for (int j = 0; j < i; j++)
                    if (arrays[j].Block != 0) heap.FreeSlotLocked(arrays[j].Block);
                if (spare) shadow.Spare = slot;
                else heap.FreeSlotLocked(slot);
                return NotNow;
            }
            ref Slot s = ref heap.SlotAt(slot);
            byte* block = (byte*)s.Address;
            contract.WriteHeader(s.Address, message);
            for (int i = 0; i < descriptors; i++)
            {
                byte* d = block + WireLayout.DescriptorOffset(i);
                ArrivingArray array = arrays[i];
                *(ulong*)d = 0;
                *(ulong*)(d + 8) = 0;
                if (array.Kind != WireLayout.KindArray && array.Kind != 0)
                {
                    // An endpoint: the end the link made for it, in flight in this message until it is received.
                    d[WireLayout.DescriptorKindOffset] = array.Kind;
                    if (array.Endpoint != 0) *(ulong*)(d + WireLayout.DescriptorHandleOffset) = heap.MoveLocked(ExHandle.SlotOf(array.Endpoint), null);
                    continue;
                }
                d[WireLayout.DescriptorKindOffset] = WireLayout.KindArray;
                if (!array.Present) continue;               // a null array stays null
                uint bytes = (uint)array.ElementSize * array.Count;
                ref Slot a = ref heap.SlotAt(array.Block);
                Buffer.MemoryCopy(array.Bytes, (void*)a.Address, bytes, bytes);
                a.ElementSize = array.ElementSize;
                a.ElementCount = array.Count;
                *(ushort*)(d + WireLayout.DescriptorElementSizeOffset) = array.ElementSize;
                *(uint*)(d + WireLayout.DescriptorCountFieldOffset) = array.Count;
                *(ulong*)(d + WireLayout.DescriptorHandleOffset) = ExHandle.Make(array.Block, a.Generation);
            }
            ExchangeHeap.Copy(values, block + head, valuesLength);
            s.ElementCount = size;
            s.MessageIndex = message;
            s.Generation++;
            s.Owner = Slot.InFlight;
            shadow.State = next;
            if (end.Link is not null)
            {
                end.DeliverLocked(heap, slot);      // relayed: onto the link where the end now is
                return null;
            }
            end.EnqueueLocked(heap, slot);
            end.WakeLocked(heap.Host);
            return null;
        }

        /// <summary>
        /// An array (in flight, in slot) whose bytes were copied into a record to the far kernel: the shadow keeps it
        /// for the next array arriving from there (a buffer lent and given back crosses each way once per round trip),
        /// unless it keeps one already.
        /// </summary>
        public static void SentArrayLocked(ExchangeHeap heap, Endpoint shadow, int slot)
        {
            if (shadow.SpareArray != 0 || shadow.Closed)
            {
                heap.DestroyLocked(slot);
                return;
            }
            heap.SlotAt(slot).Generation++;     // no handle to it survives
            shadow.SpareArray = slot;
        }

        // The shadow's kept array for an arriving one of bytes, when it is of the size a new one would be (so a kept
        // block never holds much more memory than the array needs), else 0.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static int TakeSpareArrayLocked(ExchangeHeap heap, Endpoint shadow, uint bytes)
        {
            int slot = shadow.SpareArray;
            if (slot == 0) return 0;
            uint capacity = heap.SlotAt(slot).Capacity;
            if (capacity < bytes || (capacity > SizeClasses.SmallestBytes && capacity / 2 >= bytes)) return 0;
            shadow.SpareArray = 0;
            return slot;
        }

        // Why ArriveLocked refuses a message (only ever built by the link thread: it allocates).
        private static string Refusal(Endpoint shadow, int message, uint valuesLength, int arrayCount)
        {
            ContractInfo contract = shadow.Contract;
            if (shadow.Closed) return "the channel's far end had closed";
            if ((uint)message >= (uint)contract.MessageCount) return "no message " + message.ToString() + " in " + contract.Name;
            int descriptors = contract.MessageDescriptorCounts[message];
            uint size = contract.MessageSizes[message];
            uint head = (uint)WireLayout.HeaderSize + (uint)descriptors * WireLayout.DescriptorSize;
            if (valuesLength != size - head) return contract.MessageName(message) + " carries " + (size - head).ToString() + " bytes of values, not " + valuesLength.ToString();
            if (arrayCount != descriptors) return contract.MessageName(message) + " carries " + descriptors.ToString() + " descriptors, not " + arrayCount.ToString() + " arrays";
            return "the far " + ContractInfo.SideName(shadow.Side) + " may not send " + contract.MessageName(message) + " in state "
                + contract.StateName(shadow.State) + ", where " + contract.Allowed(shadow.State);
        }

        /// <summary>
        /// The usual arrival, in one short pass: message, of values alone, for a receiver asleep on the real end for
        /// exactly it with nothing queued ahead. Everything ArriveLocked would check for it is checked here; false when
        /// anything is otherwise (then nothing changed, and ArriveLocked takes the message the general way).
        /// </summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]     // into the doorbell's interrupt
        public static bool ArriveAtParkedLocked(ExchangeHeap heap, Endpoint shadow, int message, byte* values, uint valuesLength)
        {
            int next = NextOnArrival(shadow, message, valuesLength, 0);
            Endpoint end = shadow.Peer;
            return next >= 0 && !end.Closed && end.Link is null && DeliverToParkedLocked(heap, shadow, message, next, values, valuesLength);
        }

        // The far end's monitor after message arrives with valuesLength bytes of values and arrayCount arrays: its next
        // state, or -1 when the message may not come (the shadow closed, no such message, the wrong shape, or a state
        // that forbids it; Refusal says which).
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static int NextOnArrival(Endpoint shadow, int message, uint valuesLength, int arrayCount)
        {
            ContractInfo contract = shadow.Contract;
            if (shadow.Closed || (uint)message >= (uint)contract.MessageCount || arrayCount != contract.MessageDescriptorCounts[message]
                || valuesLength != contract.MessageSizes[message] - (uint)WireLayout.HeaderSize - (uint)arrayCount * WireLayout.DescriptorSize)
                return -1;
            return contract.NextState(shadow.State, message, shadow.Side);
        }

        // A message of values for a receiver asleep on the real end for exactly it, with nothing queued ahead: the
        // arrival does the receive for it (as a local send does: Channel.SendValues), no block taken. The real end's
        // monitor checks it too.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static bool DeliverToParkedLocked(ExchangeHeap heap, Endpoint shadow, int message, int next, byte* values, uint valuesLength)
        {
            Endpoint end = shadow.Peer;
            Parking parked = end.Waiter;
            if (parked is null || !parked.TakesValues || end.Head != 0 || parked.Expected != message || parked.Length > valuesLength) return false;
            // Nothing is queued at the end, so its monitor stands where the shadow's stood: the same answer, unless
            // they disagree (then it is asked).
            int received = end.State == shadow.State && (object)end.Contract == shadow.Contract ? next : end.Contract.NextState(end.State, message, shadow.Side);
            if (received < 0) return false;
            shadow.State = next;
            end.State = received;
            ExchangeHeap.Copy(values, parked.Values, parked.Length);
            System.Threading.Volatile.Write(ref parked.Delivered, message);     // after the values, before the wake
            end.Waiter = null;
            heap.Host.Wake(parked);
            return true;
        }

        /// <summary>The far end closed (or its kernel is gone): the real end sees the channel closed.</summary>
        public static void FarClosedLocked(ExchangeHeap heap, Endpoint shadow)
        {
            if (shadow.Closed) return;
            shadow.Closed = true;
            shadow.ReleaseBlocksLocked(heap);       // its spare: nothing arrives from the far end any more
            Endpoint end = shadow.Peer;
            if (end.Link is not null)
            {
                // A relay: the end this kernel stood between is told over its own link, once.
                if (end.PeerClosed) return;
                end.PeerClosed = true;
                end.Link.CloseLocked(heap, end);
                return;
            }
            end.PeerClosed = true;
            end.WakeLocked(heap.Host);
        }
    }
}
