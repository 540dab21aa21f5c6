// A device interrupt granted to a driver (ProcessDeviceAbi.InterruptOpen): one MSI-X vector of a PCI function its
// manifest declares, routed to a message interrupt of the controller this kernel owns. It is a wait object rather
// than a channel message: the handler runs with interrupts masked and may not allocate, so it only marks the object
// pending and wakes the waiter; interrupts that arrive before the driver waits again coalesce into that one mark
// (a driver looks at its device after each wake-up anyway), so nothing can overflow and none is lost. An interrupt
// that arrives with nobody waiting is only counted: MSI-X is edge triggered, so nothing stays asserted.
using System.Collections.Generic;
using Helios.Kernel.Arch;
using Helios.Kernel.Devices.Pci;
using Helios.Kernel.Interrupts;
using Helios.Kernel.Threading;

namespace Helios.Kernel.Devices
{
    public sealed unsafe class DeviceInterrupt : WaitObject
    {
        private static readonly DeviceInterrupt[] s_byNumber = new DeviceInterrupt[InterruptDispatcher.MaxInterrupts];
        private static readonly List<DeviceInterrupt> s_routed = new List<DeviceInterrupt>();
        private static ulong s_delivered;

        private readonly MsiX _table;
        private bool _pending;
        private ulong _taken;

        private DeviceInterrupt(string owner, PciFunction function, MsiX table, int vector, int number)
        {
            Owner = owner;
            Function = function;
            _table = table;
            Vector = vector;
            Number = number;
        }

        /// <summary>Every interrupt delivered to a driver's DeviceInterrupt since boot (tests: a driver took interrupts).</summary>
        public static ulong Delivered => System.Threading.Volatile.Read(ref s_delivered);

        public string Owner { get; }

        public PciFunction Function { get; }

        /// <summary>The function's MSI-X vector (entry of its table).</summary>
        public int Vector { get; }

        /// <summary>The controller's interrupt number it arrives as (InterruptDispatcher).</summary>
        public int Number { get; }

        /// <summary>How many times the device interrupted through it.</summary>
        public ulong Taken => System.Threading.Volatile.Read(ref _taken);

        /// <summary>The process whose DeviceInterrupt has vector of function now, or null.</summary>
        public static string OwnerOf(PciFunction function, int vector)
        {
            lock (s_routed)
                foreach (DeviceInterrupt routed in s_routed)
                    if (routed.Function == function && routed.Vector == vector) return routed.Owner;
            return null;
        }

        /// <summary>
        /// Vector of function's MSI-X table, pointed at a free message interrupt of this kernel's controller; null and
        /// why when there is none (the machine has no controller for message interrupts, or every one is taken).
        /// </summary>
        public static DeviceInterrupt Route(string owner, PciFunction function, MsiX table, int vector, out string problem)
        {
            int number = Platform.Current.AllocateMessageInterrupt(out ulong address, out uint data, out problem);
            if (number < 0) return null;
            var interrupt = new DeviceInterrupt(owner, function, table, vector, number);
            lock (s_routed) s_routed.Add(interrupt);
            System.Threading.Volatile.Write(ref s_byNumber[number], interrupt);
            InterruptDispatcher.Register(number, &OnInterrupt);
            table.Route(vector, address, data);
            return interrupt;
        }

        /// <summary>Waits until the device has interrupted since the last wait ended; false when the timeout passed first.</summary>
        public bool Wait(long timeoutNanoseconds) => WaitDispatcher.WaitOne(this, timeoutNanoseconds) != WaitDispatcher.TimedOut;

        /// <summary>The vector is masked at the device and its interrupt number given back (its driver ended).</summary>
        public void Release()
        {
            _table.Mask(Vector);
            InterruptDispatcher.Unregister(Number);
            System.Threading.Volatile.Write(ref s_byNumber[Number], null);
            Platform.Current.ReleaseMessageInterrupt(Number);
            lock (s_routed) s_routed.Remove(this);
        }

        private static void OnInterrupt(int number)
        {
            DeviceInterrupt target = (uint)number < InterruptDispatcher.MaxInterrupts ? s_byNumber[number] : null;
            if (target is null) return;
            nuint state = WaitDispatcher.Lock();
            target._pending = true;
            target._taken++;
            s_delivered++;
            WaitDispatcher.WakeWaiters(target);
            WaitDispatcher.Unlock(state);
        }

        internal override bool CanAcquire(Thread waiter) => _pending;

        internal override void Acquire(Thread waiter) => _pending = false;
    }
}
