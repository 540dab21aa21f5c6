// The kernel command line: words separated by spaces; a word is a flag ("verbose") or a key=value option
// ("test=Runtime.*"). Double quotes group a value with spaces.
using System.Collections.Generic;
using System.Text;

namespace Helios.Kernel.Boot
{
    public sealed class CommandLine
    {
        private readonly List<string> _words = new List<string>();

        public CommandLine(string text)
        {
            Text = text ?? "";
            var word = new StringBuilder();
            bool quoted = false, any = false;
            foreach (char c in Text)
            {
                if (c == '"')
                {
                    quoted = !quoted;
                    any = true;
                }
                else if (c == ' ' && !quoted)
                {
                    if (any) _words.Add(word.ToString());
                    word.Clear();
                    any = false;
                }
                else
                {
                    word.Append(c);
                    any = true;
                }
            }
            if (any) _words.Add(word.ToString());
        }

        public string Text { get; }

        public IReadOnlyList<string> Words => _words;

        public bool HasFlag(string name) => _words.Contains(name);

        /// <summary>The values of every name=value word, in order.</summary>
        public List<string> GetValues(string name)
        {
            var values = new List<string>();
            foreach (string word in _words)
                if (word.Length > name.Length && word[name.Length] == '=' && word.StartsWith(name))
                    values.Add(word.Substring(name.Length + 1));
            return values;
        }

        /// <summary>The value of the last name=value word, or null.</summary>
        public string GetValue(string name)
        {
            string found = null;
            foreach (string word in _words)
                if (word.Length > name.Length && word[name.Length] == '=' && word.StartsWith(name))
                    found = word.Substring(name.Length + 1);
            return found;
        }
    }
}
