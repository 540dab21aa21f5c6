// One entry of the namespace's directory (ServiceDirectory.cs).
namespace Helios.Satellite.Namespace
{
    /// <summary>One directory entry: a path, the kernel its service runs on, and the contract it speaks.</summary>
    public readonly struct DirectoryEntry
    {
        public DirectoryEntry(string path, int kernel, ulong contract)
        {
            Path = path;
            Kernel = kernel;
            Contract = contract;
        }

        public string Path { get; }

        public int Kernel { get; }

        public ulong Contract { get; }
    }
}
