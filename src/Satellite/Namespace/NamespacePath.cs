// Namespace paths, Plan 9 style: absolute, '/'-separated names of letters, digits, '.', '_' and '-' ("/fs",
// (The satellite layer holds it: the directory checks the paths other kernels send it, with the same rules.)
// "/dev/nic0", "/services/ping"); no empty names, no "." or "..", at most 255 characters.
namespace Helios.Satellite.Namespace
{
    public static class NamespacePath
    {
        public const int MaxLength = 255;

        /// <summary>Null when path is valid, else why not.</summary>
        public static string Check(string path)
        {
            if (path is null || path.Length == 0) return "a path is required";
            if (path.Length > MaxLength) return "a path may have at most " + MaxLength.ToString() + " characters";
            if (path[0] != '/') return "a path starts with '/'";
            if (path.Length == 1) return "the root itself cannot be registered";
            int start = 1;
            for (int i = 1; i <= path.Length; i++)
            {
                if (i < path.Length && path[i] != '/')
                {
                    char c = path[i];
                    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
                    if (!ok) return "'" + c.ToString() + "' at " + i.ToString() + " is not allowed in a name (letters, digits, '.', '_', '-')";
                    continue;
                }
                int length = i - start;
                if (length == 0) return "empty name at " + start.ToString();
                if ((length == 1 && path[start] == '.') || (length == 2 && path[start] == '.' && path[start + 1] == '.'))
                    return "'.' and '..' are not names";
                start = i + 1;
            }
            return null;
        }

        /// <summary>Whether path is prefix or lies under it ("/dev" covers "/dev" and "/dev/nic0", not "/device").</summary>
        public static bool IsUnder(string path, string prefix)
        {
            if (prefix == "/") return true;
            if (!path.StartsWith(prefix, System.StringComparison.Ordinal)) return false;
            return path.Length == prefix.Length || path[prefix.Length] == '/';
        }
    }
}
