// One client's BlockDeviceContract requests on the disk: each read or write is cut into pieces of up to 64 KiB, a
// piece goes into a virtqueue slot as soon as one is free (while earlier requests are still in flight), and a request
// is answered once all its pieces are done. The disk finishes pieces in any order, so answers are kept in the order
// requests finished and handed out one per Next: not necessarily the order they came in (the contract says so, and
// the tag tells the client which). A failed piece fails only its own request.
using System.Collections.Generic;
using Helios.Channels;
using Helios.Services.Storage;

namespace VirtioBlk
{
    internal sealed class ClientRequests
    {
        private const int SectorSize = 512;

        internal sealed class Request
        {
            public ExArray<byte> Buffer;
            public int Length, Tag, Pieces, Started, Finished, Error;
            public ulong Sector;
            public bool Write;
        }

        private readonly VirtioBlockDevice _disk;
        private readonly Queue<Request> _waiting = new Queue<Request>();     // pieces still to start, oldest first
        private readonly Queue<Request> _answers = new Queue<Request>();     // finished, in the order they finished
        private readonly Request[] _slotRequest;
        private readonly int[] _slotPiece;
        private readonly List<Request> _held = new List<Request>();          // every request whose buffer is ours

        public ClientRequests(VirtioBlockDevice disk, int slots)
        {
            _disk = disk;
            _slotRequest = new Request[slots];
            _slotPiece = new int[slots];
        }

        /// <summary>Requests received and not yet answered.</summary>
        public int Outstanding => _held.Count;

        /// <summary>The most requests this client had outstanding at once.</summary>
        public int MostOutstanding { get; private set; }

        /// <summary>Takes a request: a bad range is answered at once with an error, a good one starts on the disk.</summary>
        public void Accept(bool write, ExArray<byte> buffer, long sector, int tag)
        {
            var request = new Request { Buffer = buffer, Sector = (ulong)sector, Tag = tag, Write = write };
            _held.Add(request);
            if (_held.Count > MostOutstanding) MostOutstanding = _held.Count;
            int length = buffer.IsNull ? -1 : buffer.Length;
            request.Length = length;
            if (length < 0 || sector < 0 || length % SectorSize != 0 || (ulong)sector > _disk.Capacity || (ulong)(length / SectorSize) > _disk.Capacity - (ulong)sector)
                Finish(request, BlockAnswer.OutOfRange);
            else if (write && _disk.ReadOnly)
                Finish(request, BlockAnswer.DeviceFailed);
            else if (length == 0)
                Finish(request, 0);
            else
            {
                request.Pieces = (length + VirtioBlockDevice.SlotBytes - 1) / VirtioBlockDevice.SlotBytes;
                _waiting.Enqueue(request);
                StartWhatFits();
            }
        }

        /// <summary>The next finished request (waiting for the disk when none has finished yet), no longer held: its
        /// buffer goes back to the client with the answer.</summary>
        public Request NextAnswer()
        {
            while (_answers.Count == 0)
            {
                if (_disk.InFlight == 0) throw new VirtioException("a Next with no request outstanding");
                int slot = _disk.WaitSlot(out byte status);
                Request request = _slotRequest[slot];
                int piece = _slotPiece[slot];
                _slotRequest[slot] = null;
                if (status != 0)
                {
                    if (request.Error == 0) request.Error = BlockAnswer.DeviceFailed;
                    System.Console.Error.WriteLine("virtioblk: " + (request.Write ? "writing" : "reading") + " sector " + (request.Sector + (ulong)(piece * VirtioBlockDevice.SlotBytes / SectorSize)).ToString() + " failed with status " + status.ToString());
                }
                else if (!request.Write)
                {
                    int at = piece * VirtioBlockDevice.SlotBytes;
                    _disk.Take(slot, request.Buffer.Span.Slice(at, System.Math.Min(VirtioBlockDevice.SlotBytes, request.Length - at)));
                }
                _disk.Release(slot);
                request.Finished++;
                if (request.Finished == request.Pieces) Finish(request, request.Error);
                StartWhatFits();
            }
            Request answer = _answers.Dequeue();
            _held.Remove(answer);
            return answer;
        }

        /// <summary>The client went away: waits for what the disk still holds (it writes into our DMA buffers) and frees
        /// every buffer the client lent.</summary>
        public void Abandon()
        {
            _waiting.Clear();
            while (_disk.InFlight > 0)
            {
                int slot = _disk.WaitSlot(out _);
                _slotRequest[slot] = null;
                _disk.Release(slot);
            }
            foreach (Request request in _held) request.Buffer.Free();
            _held.Clear();
            _answers.Clear();
        }

        private void Finish(Request request, int error)
        {
            request.Error = error;
            _answers.Enqueue(request);
        }

        // Starts the waiting requests' pieces, oldest first, while slots are free; one notify for all of them.
        private void StartWhatFits()
        {
            bool started = false;
            while (_waiting.Count > 0 && _disk.FreeSlots > 0)
            {
                Request request = _waiting.Peek();
                int at = request.Started * VirtioBlockDevice.SlotBytes;
                int length = System.Math.Min(VirtioBlockDevice.SlotBytes, request.Length - at);
                ulong sector = request.Sector + (ulong)(at / SectorSize);
                int slot = request.Write
                    ? _disk.Start(true, sector, request.Buffer.Span.Slice(at, length), length)
                    : _disk.Start(false, sector, default, length);
                _slotRequest[slot] = request;
                _slotPiece[slot] = request.Started;
                request.Started++;
                if (request.Started == request.Pieces) _waiting.Dequeue();
                started = true;
            }
            if (started) _disk.Notify();
        }
    }
}
