// A software-isolated process: an app's image, loaded, relocated and bound by ProcessLoader; the frames it owns (image
// and heap); its main thread; how it ended. Its code is verified and type safe, so it runs in ring 0 beside the kernel
// and reaches the kernel only through its imports (ProcessAbi). A process is a wait object, signalled when it ends
// and its console output is out. Its standard pipes are in Process.StandardPipes.cs.
// Everything here runs on the process's own thread except Start, Wait and the reads of its state.
using System;
using System.Collections.Generic;
using System.Text;
using Helios.Channels;
using Helios.Kernel.Cpus;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Manifests;
using Helios.Kernel.Memory;
using Helios.Kernel.Namespace;
using Helios.Kernel.Threading;
using Internal.Runtime;

namespace Helios.Kernel.Processes
{
    public sealed unsafe partial class Process : WaitObject
    {
        // The least a process's heap grows by at a time, and its first region (the runtime keeps 64 KiB of the first
        // region for its out-of-memory path, so the first region must be larger).
        private const ulong HeapGrowthStep = 256UL << 10;
        private const ulong FirstHeapRegion = 256UL << 10;

        private static int s_nextId;

        private readonly List<(ulong Address, ulong Count)> _frames = new List<(ulong, ulong)>();
        private readonly StringBuilder _line = new StringBuilder();
        private Thread _thread;
        private ulong _firstHeap;
        private bool _killRequested;        // Kill on a running process: it dies the next time it runs its own code
        private int _killCounted;           // 1 while its kill is counted in s_killsPending, 2 once it has ended
        private static int s_killsPending;  // processes asked to die that have not ended: DieIfKilled's quick way out
        private string _killReason;
        private readonly List<ulong> _startupEndpoints = new List<ulong>();        // GiveEndpoint, before Start
        private readonly List<Registration> _registrations = new List<Registration>();

        internal Process(string name, ApplicationManifest manifest, string[] arguments, ProcessImage image, ulong imageBase)
        {
            Id = System.Threading.Interlocked.Increment(ref s_nextId);
            Name = name;
            Manifest = manifest;
            Arguments = arguments;
            Image = image;
            Base = imageBase;
            HeapLimit = manifest.HeapLimit;
            _frames.Add((imageBase, image.Size / FrameAllocator.FrameSize));
            ChannelOwner = ExchangeHeap.Current.CreateOwner(name + " (pid " + Id.ToString() + ")");
        }

        /// <summary>Who holds the process's exchange-heap blocks and endpoints; reclaimed when it ends.</summary>
        public ExOwner ChannelOwner { get; }

        /// <summary>The text of the last channel call that failed (the process throws it: ProcessChannelAbi).</summary>
        internal string ChannelError { get; set; }

        /// <summary>The Select of the process's last helios_channel_select, reused while its cases stay the same (ProcessSelectAbi).</summary>
        internal object SelectCache { get; set; }

        /// <summary>
        /// Hands the process an endpoint the caller holds, before it starts: it becomes the process's, and the process
        /// finds it as StartupEndpoints.Get(i), in the order given. Returns i.
        /// </summary>
        public int GiveEndpoint(ulong endpoint)
        {
            if (State != ProcessState.Created) throw new InvalidOperationException("process " + Name + ": endpoints are given before it starts");
            ExchangeHeap heap = ExchangeHeap.Current;
            _startupEndpoints.Add(heap.Transfer(endpoint, heap.Host.CurrentOwner, ChannelOwner));
            return _startupEndpoints.Count - 1;
        }

        // The process's namespace registrations, by the number it knows them by (ProcessNamespaceAbi).
        internal int AddRegistration(Registration registration)
        {
            _registrations.Add(registration);
            return _registrations.Count - 1;
        }

        internal Registration RegistrationAt(int index)
            => (uint)index < (uint)_registrations.Count ? _registrations[index]
                : throw new NamespaceException("this process has no registration " + index.ToString());

        /// <summary>
        /// Endpoint index as the process asks for it: the one the launcher gave, else the one its manifest's
        /// &lt;endpoint path&gt; names, bound now (ManifestEndpointBinder) and kept; 0 when there is neither.
        /// </summary>
        internal ulong StartupEndpoint(int index)
        {
            if ((uint)index < (uint)_startupEndpoints.Count) return _startupEndpoints[index];
            lock (_boundEndpoints)
            {
                if (_boundEndpoints.TryGetValue(index, out ulong bound)) return bound;
                bound = ManifestEndpointBinder.Bind(this, index);
                if (bound != 0) _boundEndpoints[index] = bound;
                return bound;
            }
        }

        private readonly Dictionary<int, ulong> _boundEndpoints = new Dictionary<int, ulong>();   // by StartupEndpoint

        public int Id { get; }

        public string Name { get; }

        public ApplicationManifest Manifest { get; }

        public string[] Arguments { get; }

        public ProcessState State { get; private set; }

        /// <summary>Main's result or the status given to exit; -1 when the process was killed.</summary>
        public int ExitCode { get; private set; }

        /// <summary>Why the process was killed (null unless State is Killed).</summary>
        public string KillReason { get; private set; }

        /// <summary>Bytes of heap the process holds, and the most it may (its manifest's heap limit).</summary>
        public ulong HeapBytes { get; private set; }

        public ulong HeapLimit { get; }

        internal ProcessImage Image { get; }

        /// <summary>Where the image is: its offsets are from here.</summary>
        internal ulong Base { get; }

        /// <summary>The process the running thread belongs to, or null on a kernel thread.</summary>
        public static Process Current => Cpu.Count == 0 ? null : Cpu.Current.CurrentThread?.Process;

        public bool HasEnded => State is ProcessState.Exited or ProcessState.Killed;

        public bool ContainsCode(ulong address) => address >= Base && address - Base < Image.Size;

        /// <summary>
        /// Runs the process: a main thread enters the image at helios_process_main, on any CPU or on the one given
        /// (benchmarks pin both ends of a channel to one CPU).
        /// </summary>
        public void Start(int cpu = Thread.AnyCpu)
        {
            if (State != ProcessState.Created) throw new InvalidOperationException("process " + Name + " was already started");
            // The whole heap limit when it is smaller than a first region (the runtime then has little beyond its reserve).
            ulong heap = Math.Min(FirstHeapRegion, HeapLimit) & ~(FrameAllocator.FrameSize - 1);
            ulong heapStart = AllocateFrames(heap);     // uncleared: the runtime clears what it hands out
            if (heapStart == 0) throw new InvalidOperationException("process " + Name + ": no memory for its first heap region");
            HeapBytes = heap;
            _firstHeap = heapStart;
            _thread = new Thread(RunMain, Name, cpu, Manifest.StackSize) { Process = this, ChannelOwner = ChannelOwner };
            State = ProcessState.Running;
            _thread.Start();
        }

        /// <summary>Waits for the process to end and returns its exit code.</summary>
        public int Wait()
        {
            WaitDispatcher.WaitOne(this, WaitDispatcher.Infinite);
            return ExitCode;
        }

        // The main thread: the image's entry with its layout and arguments (NUL-terminated UTF-16 strings).
        private void RunMain()
        {
            ProcessHeader header = Image.Header;
            byte* b = (byte*)Base;
            var layout = new ImageLayout
            {
                ModulesStart = (nint*)(b + header.ModulesStart),
                ModulesEnd = (nint*)(b + header.ModulesEnd),
                SymbolsStart = b + header.SymbolsStart,
                SymbolsEnd = b + header.SymbolsEnd,
                ImageStart = b,
                ImageEnd = b + header.ImageEnd,
                HeapStart = (byte*)_firstHeap,
                HeapEnd = (byte*)(_firstHeap + HeapBytes),
                EhFrameHeaderStart = b + header.EhFrameHeaderStart,
                EhFrameHeaderEnd = b + header.EhFrameHeaderEnd,
                StackStart = (byte*)_thread.Stack.Limit,
                StackEnd = (byte*)_thread.Stack.Top,
            };
            var text = new StringBuilder();
            foreach (string argument in Arguments) text.Append(argument).Append('\0');
            char[] strings = text.ToString().ToCharArray();
            var argv = new nint[Arguments.Length + 1];
            int code;
            fixed (char* s = strings)
            fixed (nint* v = argv)
            {
                for (int i = 0, at = 0; i < Arguments.Length; at += Arguments[i].Length + 1, i++) v[i] = (nint)(s + at);
                var main = (delegate*<ImageLayout*, int, nint, int>)(b + header.Main);
                code = main(&layout, Arguments.Length, (nint)v);
            }
            End(ProcessState.Exited, code, null);
        }

        /// <summary>
        /// Kills the process. One not started ends now; a running one ends the next time it runs its own code (at an
        /// interrupt or on return from a kernel call); Wait tells when.
        /// </summary>
        public void Kill(string reason = "killed")
        {
            if (State == ProcessState.Created)
            {
                End(ProcessState.Killed, -1, reason);
                return;
            }
            _killReason = reason;
            System.Threading.Volatile.Write(ref _killRequested, true);
            if (System.Threading.Interlocked.CompareExchange(ref _killCounted, 1, 0) == 0) System.Threading.Interlocked.Increment(ref s_killsPending);
        }

        /// <summary>From an interrupt or a kernel call of the running process: if it was killed, it ends here.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal static void DieIfKilled(ulong interruptedIp)
        {
            if (System.Threading.Volatile.Read(ref s_killsPending) != 0) DieIfThisOneKilled(interruptedIp);     // every kernel call asks: mostly nobody
        }

        private static void DieIfThisOneKilled(ulong interruptedIp)
        {
            Process process = Current;
            if (process is null || !System.Threading.Volatile.Read(ref process._killRequested) || process.HasEnded) return;
            if (interruptedIp != 0 && !process.ContainsCode(interruptedIp)) return;
            KillCurrent(process._killReason);
        }

        /// <summary>Ends the running process with a status (its exit call). Never returns.</summary>
        internal static void ExitCurrent(int code)
        {
            Current.End(ProcessState.Exited, code, null);
            Scheduler.Exit();
        }

        /// <summary>Kills the running process: the kernel and the other processes go on. Never returns.</summary>
        internal static void KillCurrent(string reason)
        {
            Current.End(ProcessState.Killed, -1, reason);
            Scheduler.Exit();
        }

        // Gives back everything the process owned (its thread's stack goes when the thread has switched away), then
        // tells whoever waits.
        private void End(ProcessState how, int code, string reason)
        {
            if (HasEnded) return;
            while (true)                        // no longer a pending kill
            {
                int counted = System.Threading.Volatile.Read(ref _killCounted);
                if (counted == 2) break;
                if (System.Threading.Interlocked.CompareExchange(ref _killCounted, 2, counted) != counted) continue;
                if (counted == 1) System.Threading.Interlocked.Decrement(ref s_killsPending);
                break;
            }
            FlushOutput();
            ExitCode = code;
            KillReason = reason;
            ReleaseInterrupts();                // its devices' vectors masked, their interrupt numbers given back
            StopDeviceDma();                    // its devices stop writing to its DMA buffers before they are freed
            foreach ((ulong address, ulong count) in _frames) Frames.Free(address, count);
            _frames.Clear();
            // Its messages, arrays and endpoints: peers see their channels closed; its paths leave the namespace.
            ExchangeHeap.Current.Reclaim(ChannelOwner);
            foreach (Registration registration in _registrations) registration.Remove();
            _registrations.Clear();
            HeapBytes = 0;
            if (how == ProcessState.Killed)
                KernelConsole.WriteLine("kernel: process " + Name + " (pid " + Id.ToString() + ") killed: " + reason);
            nuint waits = WaitDispatcher.Lock();
            State = how;
            WaitDispatcher.WakeWaiters(this);
            WaitDispatcher.Unlock(waits);
        }

        /// <summary>More heap for the process's runtime, within its limit; null when the limit or memory says no.</summary>
        internal void* GrowHeap(nuint minimum, nuint* size)
        {
            *size = 0;
            ulong bytes = Math.Max((ulong)minimum, HeapGrowthStep);
            bytes = (bytes + FrameAllocator.FrameSize - 1) & ~(FrameAllocator.FrameSize - 1);
            if (bytes > HeapLimit - HeapBytes) bytes = (ulong)minimum <= HeapLimit - HeapBytes ? HeapLimit - HeapBytes : 0;
            bytes &= ~(FrameAllocator.FrameSize - 1);
            if (bytes == 0 || bytes < (ulong)minimum) return null;
            ulong address = AllocateFrames(bytes);
            if (address == 0) return null;
            HeapBytes += bytes;
            *size = (nuint)bytes;
            return (void*)address;
        }

        /// <summary>A heap region the process's collector gives back (one GrowHeap gave, whole).</summary>
        internal void ReleaseHeap(ulong address, ulong bytes)
        {
            for (int i = 0; i < _frames.Count; i++)
            {
                if (_frames[i].Address != address) continue;
                if (_frames[i].Count * FrameAllocator.FrameSize != bytes) break;
                Frames.Free(address, _frames[i].Count);
                _frames.RemoveAt(i);
                HeapBytes -= bytes;
                return;
            }
            KillCurrent("its runtime gave back heap memory it was not given (0x" + address.ToString("x") + ", " + bytes.ToString() + " bytes)");
        }

        private ulong AllocateFrames(ulong bytes)
        {
            ulong count = bytes / FrameAllocator.FrameSize;
            ulong address = Frames.AllocateUncleared(count);
            if (address != 0) _frames.Add((address, count));
            return address;
        }

        /// <summary>Console output, a line at a time, each line under the process's name.</summary>
        internal void Write(ReadOnlySpan<char> text)
        {
            foreach (char c in text)
            {
                if (c == '\n') EmitLine();
                else _line.Append(c);
            }
        }

        private void FlushOutput()
        {
            if (_line.Length > 0) EmitLine();
        }

        private void EmitLine()
        {
            KernelConsole.Write("[" + Name + "] " + _line.ToString() + "\n");
            _line.Clear();
        }

        // Ended, and its console output is out (its relays finished): whoever waits sees everything it printed first.
        internal override bool CanAcquire(Thread waiter) => HasEnded && _runningRelays == 0;

        internal override void Acquire(Thread waiter) { }
    }
}
