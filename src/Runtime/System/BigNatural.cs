// A natural number of up to 1,280 bits on the stack: just what shortest floating-point formatting needs (exact
// arithmetic on a double's value scaled by powers of two and ten), nothing more. Allocation-free.
namespace System
{
    internal unsafe struct BigNatural
    {
        private const int MaxWords = 40;

        private int _length;                // words in use; no leading zero words; 0 is the number 0
        private fixed uint _words[MaxWords];

        internal static BigNatural From(ulong value)
        {
            BigNatural result = default;
            result._words[0] = (uint)value;
            result._words[1] = (uint)(value >> 32);
            result._length = value == 0 ? 0 : (value >> 32) != 0 ? 2 : 1;
            return result;
        }

        internal static BigNatural PowerOfTwo(int exponent)
        {
            BigNatural result = From(1);
            result.ShiftLeft(exponent);
            return result;
        }

        internal void ShiftLeft(int bits)
        {
            if (_length == 0 || bits == 0) return;
            int words = bits / 32, shift = bits % 32;
            int length = _length + words + 1;
            if (length > MaxWords) Overflow();
            _words[length - 1] = 0;
            for (int i = _length - 1; i >= 0; i--)
            {
                ulong moved = (ulong)_words[i] << shift;
                _words[i + words + 1] |= (uint)(moved >> 32);
                _words[i + words] = (uint)moved;
            }
            for (int i = 0; i < words; i++) _words[i] = 0;
            _length = length;
            Trim();
        }

        internal void Multiply(uint factor)
        {
            ulong carry = 0;
            for (int i = 0; i < _length; i++)
            {
                ulong product = (ulong)_words[i] * factor + carry;
                _words[i] = (uint)product;
                carry = product >> 32;
            }
            if (carry != 0)
            {
                if (_length == MaxWords) Overflow();
                _words[_length++] = (uint)carry;
            }
            Trim();
        }

        internal void MultiplyByPowerOfTen(int exponent)
        {
            for (; exponent >= 9; exponent -= 9) Multiply(1_000_000_000);
            uint rest = 1;
            for (; exponent > 0; exponent--) rest *= 10;
            if (rest != 1) Multiply(rest);
        }

        internal void Add(in BigNatural other)
        {
            int length = _length > other._length ? _length : other._length;
            ulong carry = 0;
            for (int i = 0; i < length; i++)
            {
                ulong sum = (ulong)(i < _length ? _words[i] : 0) + (i < other._length ? other._words[i] : 0) + carry;
                _words[i] = (uint)sum;
                carry = sum >> 32;
            }
            if (carry != 0)
            {
                if (length == MaxWords) Overflow();
                _words[length++] = (uint)carry;
            }
            _length = length;
        }

        /// <summary>this -= other; other must not be larger.</summary>
        internal void Subtract(in BigNatural other)
        {
            long borrow = 0;
            for (int i = 0; i < _length; i++)
            {
                long difference = (long)_words[i] - (i < other._length ? other._words[i] : 0) - borrow;
                borrow = difference < 0 ? 1 : 0;
                _words[i] = (uint)difference;
            }
            Trim();
        }

        internal static int Compare(in BigNatural a, in BigNatural b)
        {
            if (a._length != b._length) return a._length < b._length ? -1 : 1;
            for (int i = a._length - 1; i >= 0; i--)
                if (a._words[i] != b._words[i]) return a._words[i] < b._words[i] ? -1 : 1;
            return 0;
        }

        /// <summary>Compares a + b with c.</summary>
        internal static int CompareSum(in BigNatural a, in BigNatural b, in BigNatural c)
        {
            BigNatural sum = a;
            sum.Add(b);
            return Compare(sum, c);
        }

        private void Trim()
        {
            while (_length > 0 && _words[_length - 1] == 0) _length--;
        }

        // Unreachable for doubles and floats (they need at most 1,130 bits); a guard, not a code path.
        private static void Overflow() => throw new OverflowException("BigNatural: value too large");
    }
}
