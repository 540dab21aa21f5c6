// A TextWriter into a StringBuilder, in the BCL's shape: what is written is ToString().
using System.Text;

namespace System.IO
{
    public class StringWriter : TextWriter
    {
        private readonly StringBuilder _builder;

        public StringWriter() : this(new StringBuilder()) { }

        public StringWriter(IFormatProvider formatProvider) : this(new StringBuilder()) { }

        public StringWriter(StringBuilder sb) => _builder = sb ?? throw new ArgumentNullException(nameof(sb));

        public virtual StringBuilder GetStringBuilder() => _builder;

        public override void Write(char value) => _builder.Append(value);

        public override void Write(ReadOnlySpan<char> buffer) => _builder.Append(buffer);

        public override void Write(string value)
        {
            if (value is not null) _builder.Append(value);
        }

        public override string ToString() => _builder.ToString();
    }
}
