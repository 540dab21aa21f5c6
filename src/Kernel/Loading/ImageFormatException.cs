// An image (an app's or a satellite kernel's) the loader refuses; the message names the image and says what is wrong.
using System;

namespace Helios.Kernel.Loading
{
    public sealed class ImageFormatException : Exception
    {
        public ImageFormatException(string message) : base(message) { }
    }
}
