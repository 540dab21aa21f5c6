// A mutable string: one growable char array.
using System.Runtime.CompilerServices;

namespace System.Text
{
    public sealed class StringBuilder
    {
        private char[] _chars;
        private int _length;

        public StringBuilder() : this(16) { }

        public StringBuilder(int capacity) { _chars = new char[Math.Max(capacity, 1)]; }

        public StringBuilder(string value) : this(value?.Length ?? 16) { Append(value); }

        public int Length
        {
            get => _length;
            set
            {
                if (value < 0) ThrowHelper.ThrowArgumentOutOfRangeException("value");
                EnsureCapacity(value);
                if (value > _length) new Span<char>(_chars, _length, value - _length).Clear();
                _length = value;
            }
        }

        public int Capacity => _chars.Length;

        public char this[int index]
        {
            get
            {
                if ((uint)index >= (uint)_length) ThrowHelper.ThrowIndexOutOfRangeException();
                return _chars[index];
            }
            set
            {
                if ((uint)index >= (uint)_length) ThrowHelper.ThrowIndexOutOfRangeException();
                _chars[index] = value;
            }
        }

        public StringBuilder Append(string value) => Append(value.AsSpan());

        public StringBuilder Append(ReadOnlySpan<char> value)
        {
            EnsureCapacity(_length + value.Length);
            value.CopyTo(new Span<char>(_chars, _length, value.Length));
            _length += value.Length;
            return this;
        }

        public StringBuilder Append(char value)
        {
            EnsureCapacity(_length + 1);
            _chars[_length++] = value;
            return this;
        }

        public StringBuilder Append(char value, int repeatCount)
        {
            EnsureCapacity(_length + repeatCount);
            new Span<char>(_chars, _length, repeatCount).Fill(value);
            _length += repeatCount;
            return this;
        }

        public StringBuilder Append(bool value) => Append(value ? "True" : "False");

        public StringBuilder Append(int value) => AppendFormattable(value);

        public StringBuilder Append(uint value) => AppendFormattable(value);

        public StringBuilder Append(long value) => AppendFormattable(value);

        public StringBuilder Append(ulong value) => AppendFormattable(value);

        public StringBuilder Append(object value) => Append(value?.ToString());

        public StringBuilder Append(ref DefaultInterpolatedStringHandler handler) => Append(handler.Text);

        public StringBuilder AppendLine() => Append('\n');

        public StringBuilder AppendLine(string value) => Append(value).Append('\n');

        private StringBuilder AppendFormattable<T>(T value) where T : ISpanFormattable
        {
            EnsureCapacity(_length + 20);
            int written;
            while (!value.TryFormat(new Span<char>(_chars, _length, _chars.Length - _length), out written, default, null))
                EnsureCapacity(_chars.Length * 2);
            _length += written;
            return this;
        }

        // Composite formatting: {index[,alignment][:format]}, with {{ and }} as literal braces.
        public StringBuilder AppendFormat(IFormatProvider provider, string format, params object[] args)
        {
            int i = 0;
            while (i < format.Length)
            {
                char c = format[i++];
                if (c == '}')
                {
                    if (i < format.Length && format[i] == '}') i++;
                    else ThrowHelper.ThrowFormatException("Input string was not in a correct format.");
                    Append('}');
                    continue;
                }
                if (c != '{')
                {
                    Append(c);
                    continue;
                }
                if (i < format.Length && format[i] == '{')
                {
                    i++;
                    Append('{');
                    continue;
                }
                int close = format.IndexOf('}', i);
                if (close < 0) ThrowHelper.ThrowFormatException("Input string was not in a correct format.");
                AppendHole(format.AsSpan(i, close - i), args);
                i = close + 1;
            }
            return this;
        }

        public StringBuilder AppendFormat(string format, params object[] args) => AppendFormat(null, format, args);

        private void AppendHole(ReadOnlySpan<char> hole, object[] args)
        {
            string itemFormat = null;
            int colon = hole.IndexOf(':');
            if (colon >= 0)
            {
                itemFormat = new string(hole.Slice(colon + 1));
                hole = hole.Slice(0, colon);
            }
            int alignment = 0;
            int comma = hole.IndexOf(',');
            if (comma >= 0)
            {
                if (!int.TryParse(hole.Slice(comma + 1).Trim(), out alignment))
                    ThrowHelper.ThrowFormatException("Input string was not in a correct format.");
                hole = hole.Slice(0, comma);
            }
            if (!int.TryParse(hole.Trim(), out int index) || (uint)index >= (uint)(args?.Length ?? 0))
                ThrowHelper.ThrowFormatException("Index (zero based) must be greater than or equal to zero and less than the size of the argument list.");
            string text = DefaultInterpolatedStringHandler.Stringify(args[index], itemFormat) ?? "";
            int padding = Math.Abs(alignment) - text.Length;
            if (alignment > 0 && padding > 0) Append(' ', padding);
            Append(text);
            if (alignment < 0 && padding > 0) Append(' ', padding);
        }

        public StringBuilder Insert(int index, string value)
        {
            if ((uint)index > (uint)_length) ThrowHelper.ThrowArgumentOutOfRangeException("index");
            value ??= "";
            EnsureCapacity(_length + value.Length);
            new Span<char>(_chars, index, _length - index).CopyTo(new Span<char>(_chars, index + value.Length, _length - index));
            value.AsSpan().CopyTo(new Span<char>(_chars, index, value.Length));
            _length += value.Length;
            return this;
        }

        public StringBuilder Remove(int startIndex, int length)
        {
            if ((uint)startIndex > (uint)_length || (uint)length > (uint)(_length - startIndex))
                ThrowHelper.ThrowArgumentOutOfRangeException("length");
            new Span<char>(_chars, startIndex + length, _length - startIndex - length).CopyTo(new Span<char>(_chars, startIndex, _length - startIndex - length));
            _length -= length;
            return this;
        }

        public StringBuilder Clear()
        {
            _length = 0;
            return this;
        }

        public override string ToString() => new string(new ReadOnlySpan<char>(_chars, 0, _length));

        private void EnsureCapacity(int capacity)
        {
            if (capacity <= _chars.Length) return;
            char[] larger = new char[Math.Max(capacity, _chars.Length * 2)];
            new ReadOnlySpan<char>(_chars, 0, _length).CopyTo(larger);
            _chars = larger;
        }
    }
}
