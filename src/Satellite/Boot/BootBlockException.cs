// A boot block that cannot be encoded or decoded: the message names the field and, when decoding, its offset.
namespace Helios.Satellite.Boot
{
    public sealed class BootBlockException : System.Exception
    {
        public BootBlockException(string message) : base("boot block: " + message) { }
    }
}
