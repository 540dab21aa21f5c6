// Building new strings: concatenation, slicing, replacing, splitting, trimming, padding, joining, case mapping.
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace System
{
    public sealed partial class String
    {
        public static string Concat(string str0, string str1)
        {
            if (IsNullOrEmpty(str0)) return str1 ?? Empty;
            if (IsNullOrEmpty(str1)) return str0;
            return Concat((ReadOnlySpan<char>)str0, str1);
        }

        public static string Concat(string str0, string str1, string str2) => Concat(str0, str1, str2, null);

        public static string Concat(string str0, string str1, string str2, string str3)
        {
            int length = (str0?.Length ?? 0) + (str1?.Length ?? 0) + (str2?.Length ?? 0) + (str3?.Length ?? 0);
            if (length == 0) return Empty;
            string result = FastAllocateString(length);
            Span<char> dest = result.WritableSpan;
            int pos = 0;
            Append(dest, ref pos, str0);
            Append(dest, ref pos, str1);
            Append(dest, ref pos, str2);
            Append(dest, ref pos, str3);
            return result;
        }

        public static string Concat(params string[] values)
        {
            if (values is null) ThrowHelper.ThrowArgumentNullException("values");
            int length = 0;
            foreach (string s in values) length += s?.Length ?? 0;
            if (length == 0) return Empty;
            string result = FastAllocateString(length);
            Span<char> dest = result.WritableSpan;
            int pos = 0;
            foreach (string s in values) Append(dest, ref pos, s);
            return result;
        }

        public static string Concat(ReadOnlySpan<char> str0, ReadOnlySpan<char> str1)
        {
            int length = str0.Length + str1.Length;
            if (length == 0) return Empty;
            string result = FastAllocateString(length);
            str0.CopyTo(result.WritableSpan);
            str1.CopyTo(result.WritableSpan.Slice(str0.Length));
            return result;
        }

        public static string Concat(ReadOnlySpan<char> str0, ReadOnlySpan<char> str1, ReadOnlySpan<char> str2)
        {
            int length = str0.Length + str1.Length + str2.Length;
            if (length == 0) return Empty;
            string result = FastAllocateString(length);
            Span<char> dest = result.WritableSpan;
            str0.CopyTo(dest);
            str1.CopyTo(dest.Slice(str0.Length));
            str2.CopyTo(dest.Slice(str0.Length + str1.Length));
            return result;
        }

        public static string Concat(object arg0) => arg0?.ToString() ?? Empty;

        public static string Concat(object arg0, object arg1) => Concat(arg0?.ToString(), arg1?.ToString());

        public static string Concat(object arg0, object arg1, object arg2) => Concat(arg0?.ToString(), arg1?.ToString(), arg2?.ToString());

        public static string Concat(params object[] args)
        {
            string[] parts = new string[args.Length];
            for (int i = 0; i < args.Length; i++) parts[i] = args[i]?.ToString();
            return Concat(parts);
        }

        private static void Append(Span<char> dest, ref int pos, string s)
        {
            if (s is null) return;
            ((ReadOnlySpan<char>)s).CopyTo(dest.Slice(pos));
            pos += s.Length;
        }

        public string Substring(int startIndex) => Substring(startIndex, Length - startIndex);

        public string Substring(int startIndex, int length)
        {
            if ((uint)startIndex > (uint)Length) ThrowHelper.ThrowArgumentOutOfRangeException("startIndex");
            if ((uint)length > (uint)(Length - startIndex)) ThrowHelper.ThrowArgumentOutOfRangeException("length");
            if (length == Length) return this;
            return new string(this.AsSpan(startIndex, length));
        }

        public string Insert(int startIndex, string value)
        {
            if ((uint)startIndex > (uint)Length) ThrowHelper.ThrowArgumentOutOfRangeException("startIndex");
            return Concat(this.AsSpan(0, startIndex), value, this.AsSpan(startIndex));
        }

        public string Remove(int startIndex) => Substring(0, startIndex);

        public string Remove(int startIndex, int count)
        {
            if ((uint)startIndex > (uint)Length || (uint)count > (uint)(Length - startIndex))
                ThrowHelper.ThrowArgumentOutOfRangeException("count");
            return Concat(this.AsSpan(0, startIndex), this.AsSpan(startIndex + count));
        }

        public string Replace(char oldChar, char newChar)
        {
            int first = IndexOf(oldChar);
            if (first < 0) return this;
            string result = new string(this.AsSpan());
            Span<char> chars = result.WritableSpan;
            for (int i = first; i < chars.Length; i++)
                if (chars[i] == oldChar) chars[i] = newChar;
            return result;
        }

        public string Replace(string oldValue, string newValue)
        {
            if (IsNullOrEmpty(oldValue)) ThrowHelper.ThrowArgumentException("String cannot be of zero length.", "oldValue");
            newValue ??= Empty;
            int count = 0;
            for (int i = IndexOf(oldValue); i >= 0; i = IndexOf(oldValue, i + oldValue.Length)) count++;
            if (count == 0) return this;
            string result = FastAllocateString(Length + count * (newValue.Length - oldValue.Length));
            Span<char> dest = result.WritableSpan;
            int src = 0, pos = 0;
            for (int i = IndexOf(oldValue); i >= 0; i = IndexOf(oldValue, src))
            {
                this.AsSpan(src, i - src).CopyTo(dest.Slice(pos));
                pos += i - src;
                Append(dest, ref pos, newValue);
                src = i + oldValue.Length;
            }
            this.AsSpan(src).CopyTo(dest.Slice(pos));
            return result;
        }

        public string[] Split(char separator, StringSplitOptions options = StringSplitOptions.None)
            => Split(separator, int.MaxValue, options);

        // At most count parts: the last holds the rest of the string, separators and all (with RemoveEmptyEntries,
        // less the empty entries it would start with); no parts for count 0.
        public string[] Split(char separator, int count, StringSplitOptions options = StringSplitOptions.None)
        {
            if (count < 0) ThrowHelper.ThrowArgumentOutOfRangeException("count");
            if (count == 0) return Array.Empty<string>();
            bool removeEmpty = (options & StringSplitOptions.RemoveEmptyEntries) != 0;
            var parts = new List<string>();
            int start = 0;
            while (count > 1)
            {
                int end = IndexOf(separator, start);
                if (end < 0) break;
                AddPart(parts, start, end - start, options);
                start = end + 1;
                if (parts.Count < count - 1) continue;
                while (removeEmpty)
                {
                    int next = IndexOf(separator, start);
                    if (next < 0 || !IsEmptyPart(start, next - start, options)) break;
                    start = next + 1;
                }
                break;
            }
            AddPart(parts, start, Length - start, options);
            return parts.ToArray();
        }

        private bool IsEmptyPart(int start, int length, StringSplitOptions options)
            => ((options & StringSplitOptions.TrimEntries) != 0 ? this.AsSpan(start, length).Trim() : this.AsSpan(start, length)).Length == 0;

        private void AddPart(List<string> parts, int start, int length, StringSplitOptions options)
        {
            ReadOnlySpan<char> part = this.AsSpan(start, length);
            if ((options & StringSplitOptions.TrimEntries) != 0) part = part.Trim();
            if ((options & StringSplitOptions.RemoveEmptyEntries) != 0 && part.Length == 0) return;
            parts.Add(part.Length == Length ? this : new string(part));
        }

        public string Trim() => FromSpan(this.AsSpan().Trim());

        public string Trim(char trimChar) => FromSpan(this.AsSpan().Trim(trimChar));

        public string TrimStart() => FromSpan(this.AsSpan().TrimStart());

        public string TrimStart(char trimChar) => FromSpan(this.AsSpan().TrimStart(trimChar));

        public string TrimEnd() => FromSpan(this.AsSpan().TrimEnd());

        public string TrimEnd(char trimChar) => FromSpan(this.AsSpan().TrimEnd(trimChar));

        private string FromSpan(ReadOnlySpan<char> span) => span.Length == Length ? this : new string(span);

        public string PadLeft(int totalWidth, char paddingChar = ' ')
        {
            if (totalWidth < 0) ThrowHelper.ThrowArgumentOutOfRangeException("totalWidth");
            if (totalWidth <= Length) return this;
            string result = FastAllocateString(totalWidth);
            result.WritableSpan.Slice(0, totalWidth - Length).Fill(paddingChar);
            this.AsSpan().CopyTo(result.WritableSpan.Slice(totalWidth - Length));
            return result;
        }

        public string PadRight(int totalWidth, char paddingChar = ' ')
        {
            if (totalWidth < 0) ThrowHelper.ThrowArgumentOutOfRangeException("totalWidth");
            if (totalWidth <= Length) return this;
            string result = FastAllocateString(totalWidth);
            this.AsSpan().CopyTo(result.WritableSpan);
            result.WritableSpan.Slice(Length).Fill(paddingChar);
            return result;
        }

        public static string Join(string separator, params string[] value)
        {
            if (value is null) ThrowHelper.ThrowArgumentNullException("value");
            return Join(separator, (IEnumerable<string>)value);
        }

        public static string Join(char separator, params string[] value) => Join(FromChar(separator), value);

        public static string Join<T>(string separator, IEnumerable<T> values)
        {
            var builder = new Text.StringBuilder();
            bool first = true;
            foreach (T value in values)
            {
                if (!first) builder.Append(separator);
                builder.Append(value?.ToString());
                first = false;
            }
            return builder.ToString();
        }

        public string ToUpperInvariant() => MapCase(upper: true);

        public string ToLowerInvariant() => MapCase(upper: false);

        public string ToUpper() => MapCase(upper: true);

        public string ToLower() => MapCase(upper: false);

        private string MapCase(bool upper)
        {
            string result = FastAllocateString(Length);
            Span<char> dest = result.WritableSpan;
            for (int i = 0; i < Length; i++)
                dest[i] = upper ? char.ToUpper(this[i]) : char.ToLower(this[i]);
            return Equals(result) ? this : result;
        }

        public static string Format(string format, object arg0) => Format(null, format, arg0);

        public static string Format(string format, object arg0, object arg1) => Format(null, format, arg0, arg1);

        public static string Format(string format, object arg0, object arg1, object arg2) => Format(null, format, arg0, arg1, arg2);

        public static string Format(string format, params object[] args) => Format(null, format, args);

        public static string Format(IFormatProvider provider, string format, params object[] args)
        {
            if (format is null) ThrowHelper.ThrowArgumentNullException("format");
            return new Text.StringBuilder().AppendFormat(provider, format, args).ToString();
        }
    }
}
