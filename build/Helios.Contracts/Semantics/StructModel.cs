// A checked struct: blittable fields in declaration order at their natural alignment, so it is itself blittable.
using System.Collections.Generic;
using System.Text;
using Helios.Contracts.Syntax;
using Helios.Contracts.Text;

namespace Helios.Contracts.Semantics;

public sealed class StructModel : TypeModel
{
    private readonly List<FieldModel> _fields = new();
    private int _size;
    private int _alignment = 1;

    public StructModel(StructSyntax syntax, SourceFile file)
    {
        Syntax = syntax;
        File = file;
    }

    public StructSyntax Syntax { get; }

    public SourceFile File { get; }

    public override string Name => Syntax.Name.Text;

    public IReadOnlyList<FieldModel> Fields => _fields;

    public override int Size => _size;

    public override int Alignment => _alignment;

    public override string WireShape
    {
        get
        {
            var shape = new StringBuilder(Name).Append('{');
            foreach (FieldModel f in _fields) shape.Append(f.Offset).Append(':').Append(f.Type.WireShape).Append(',');
            return shape.Append('}').ToString();
        }
    }

    internal void SetLayout(IEnumerable<FieldModel> fields, int size, int alignment)
    {
        _fields.Clear();
        _fields.AddRange(fields);
        _size = size;
        _alignment = alignment;
    }
}
