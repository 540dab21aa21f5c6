// A process image the loader refuses; the message names the image and says what is wrong.
using System;

namespace Helios.Kernel.Processes
{
    public sealed class ProcessImageException : Exception
    {
        public ProcessImageException(string message) : base(message) { }
    }
}
