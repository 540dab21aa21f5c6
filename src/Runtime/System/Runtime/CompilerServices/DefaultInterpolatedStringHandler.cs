// What C# lowers $"..." to. Formats into a growable char buffer without boxing the ISpanFormattable values.
namespace System.Runtime.CompilerServices
{
    [InterpolatedStringHandler]
    public ref struct DefaultInterpolatedStringHandler
    {
        private const int GuessedLengthPerHole = 11;

        private char[] _buffer;
        private int _pos;

        public DefaultInterpolatedStringHandler(int literalLength, int formattedCount)
        {
            _buffer = new char[Math.Max(16, literalLength + formattedCount * GuessedLengthPerHole)];
            _pos = 0;
        }

        public DefaultInterpolatedStringHandler(int literalLength, int formattedCount, IFormatProvider provider)
            : this(literalLength, formattedCount) { }

        public DefaultInterpolatedStringHandler(int literalLength, int formattedCount, IFormatProvider provider, Span<char> initialBuffer)
            : this(literalLength, formattedCount) { }

        internal ReadOnlySpan<char> Text => new ReadOnlySpan<char>(_buffer, 0, _pos);

        public override string ToString() => new string(Text);

        public string ToStringAndClear()
        {
            string result = new string(Text);
            _buffer = null;
            _pos = 0;
            return result;
        }

        public void AppendLiteral(string value) => AppendSpan(value);

        public void AppendFormatted(string value) => AppendSpan(value);

        public void AppendFormatted(ReadOnlySpan<char> value) => AppendSpan(value);

        public void AppendFormatted(string value, int alignment = 0, string format = null) => AppendAligned(value, alignment);

        public void AppendFormatted(object value, int alignment = 0, string format = null) => AppendFormatted<object>(value, alignment, format);

        public void AppendFormatted<T>(T value) => AppendFormatted(value, null);

        public void AppendFormatted<T>(T value, int alignment) => AppendFormatted(value, alignment, null);

        public void AppendFormatted<T>(T value, string format)
        {
            if (value is ISpanFormattable)
            {
                int written;
                while (!((ISpanFormattable)value).TryFormat(new Span<char>(_buffer, _pos, _buffer.Length - _pos), out written, format, null))
                    Grow(_buffer.Length);
                _pos += written;
                return;
            }
            AppendSpan(Stringify(value, format));
        }

        public void AppendFormatted<T>(T value, int alignment, string format)
        {
            if (alignment == 0)
            {
                AppendFormatted(value, format);
                return;
            }
            int start = _pos;
            AppendFormatted(value, format);
            int width = _pos - start;
            int padding = Math.Abs(alignment) - width;
            if (padding <= 0) return;
            EnsureCapacity(padding);
            if (alignment > 0)
            {
                // Right-align: shift the value right and pad on its left.
                new Span<char>(_buffer, start, width).CopyTo(new Span<char>(_buffer, start + padding, width));
                new Span<char>(_buffer, start, padding).Fill(' ');
            }
            else
            {
                new Span<char>(_buffer, _pos, padding).Fill(' ');
            }
            _pos += padding;
        }

        private void AppendAligned(string value, int alignment)
        {
            value ??= "";
            int padding = Math.Abs(alignment) - value.Length;
            if (alignment > 0 && padding > 0) AppendPadding(padding);
            AppendSpan(value);
            if (alignment < 0 && padding > 0) AppendPadding(padding);
        }

        private void AppendPadding(int count)
        {
            EnsureCapacity(count);
            new Span<char>(_buffer, _pos, count).Fill(' ');
            _pos += count;
        }

        internal static string Stringify<T>(T value, string format)
            => value is IFormattable formattable ? formattable.ToString(format, null) : value?.ToString();

        private void AppendSpan(ReadOnlySpan<char> value)
        {
            EnsureCapacity(value.Length);
            value.CopyTo(new Span<char>(_buffer, _pos, value.Length));
            _pos += value.Length;
        }

        private void EnsureCapacity(int additional)
        {
            if (_buffer.Length - _pos < additional) Grow(additional);
        }

        private void Grow(int additional)
        {
            char[] larger = new char[Math.Max(_buffer.Length * 2, _pos + additional)];
            new ReadOnlySpan<char>(_buffer, 0, _pos).CopyTo(larger);
            _buffer = larger;
        }
    }
}
