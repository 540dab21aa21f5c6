// Checks structs and lays them out: fields in declaration order, each at its natural alignment, the size rounded
// up to the struct's alignment (the largest of its fields'). A struct may contain other structs, never itself.
using System.Collections.Generic;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Syntax;
using Helios.Contracts.Wire;

namespace Helios.Contracts.Semantics;

internal sealed class StructChecker
{
    private enum Mark { None, InProgress, Done }

    private readonly CheckContext _context;
    private readonly TypeResolver _types;
    private readonly Dictionary<StructModel, Mark> _marks = new();
    // How many levels of structs each laid-out struct contains: the limit holds whatever order structs are declared in.
    private readonly Dictionary<StructModel, int> _nesting = new();

    public StructChecker(CheckContext context, TypeResolver types)
    {
        _context = context;
        _types = types;
    }

    public void CheckAll(IEnumerable<StructModel> structs)
    {
        foreach (StructModel s in structs) Layout(s, 0);
    }

    private void Layout(StructModel model, int depth)
    {
        if (_marks.TryGetValue(model, out Mark mark) && mark != Mark.None) return;
        _marks[model] = Mark.InProgress;
        var fields = new List<FieldModel>();
        var names = new Dictionary<string, FieldSyntax>();
        long offset = 0;
        int alignment = 1;
        int nesting = 0;
        foreach (FieldSyntax field in model.Syntax.Fields)
        {
            _context.CheckName(field.Name, model.File, isContract: false);
            if (field.Name.Text == model.Name)
                _context.Report(DiagnosticKind.MemberNamedLikeType, model.File, field.Name.Span,
                    $"field '{field.Name.Text}' is named like its struct: C# allows no member named like its enclosing type; rename the field");
            if (names.TryGetValue(field.Name.Text, out FieldSyntax? first))
            {
                _context.Report(DiagnosticKind.DuplicateField, model.File, field.Name.Span,
                    $"struct {model.Name} already has a field '{field.Name.Text}' (at {CheckContext.Where(model.File, first.Name.Span, model.File)})");
                continue;
            }
            names[field.Name.Text] = field;
            TypeModel type = _types.ResolveValue(field.Type, model.File);
            if (type is StructModel inner)
            {
                _marks.TryGetValue(inner, out Mark innerMark);
                if (innerMark == Mark.InProgress)
                {
                    _context.Report(DiagnosticKind.RecursiveStruct, model.File, field.Type.Span,
                        inner == model ? $"struct {model.Name} contains itself through field '{field.Name.Text}'"
                                       : $"struct {model.Name} contains itself through field '{field.Name.Text}' of type {inner.Name}");
                    type = ErrorType.Instance;
                }
                else if (innerMark == Mark.None)
                {
                    if (depth >= CheckContext.MaxDepth)
                    {
                        _context.Report(DiagnosticKind.NestingTooDeep, model.File, field.Type.Span, $"structs nest more than {CheckContext.MaxDepth} deep");
                        type = ErrorType.Instance;
                    }
                    else
                    {
                        Layout(inner, depth + 1);
                    }
                }
                if (type is StructModel laidOut && _nesting.TryGetValue(laidOut, out int below))
                {
                    if (below + 1 > CheckContext.MaxDepth)
                    {
                        _context.Report(DiagnosticKind.NestingTooDeep, model.File, field.Type.Span, $"structs nest more than {CheckContext.MaxDepth} deep");
                        type = ErrorType.Instance;
                    }
                    else if (below + 1 > nesting) nesting = below + 1;
                }
            }
            offset = AlignUp(offset, type.Alignment);
            fields.Add(new FieldModel(field.Name.Text, type, (int)System.Math.Min(offset, int.MaxValue), -1, field));
            offset += type.Size;
            if (type.Alignment > alignment) alignment = type.Alignment;
        }
        long size = AlignUp(offset, alignment);
        if (model.Syntax.Fields.Count == 0)
            _context.Report(DiagnosticKind.EmptyStruct, model.File, model.Syntax.Name.Span, $"struct {model.Name} has no fields");
        if (size > WireFormat.MaxStructSize)
        {
            _context.Report(DiagnosticKind.MessageTooLarge, model.File, model.Syntax.Name.Span,
                $"struct {model.Name} is {size} bytes; a struct may have at most {WireFormat.MaxStructSize}");
            size = WireFormat.MaxStructSize;
        }
        model.SetLayout(fields, (int)size, alignment);
        _nesting[model] = nesting;
        _marks[model] = Mark.Done;
    }

    private static long AlignUp(long value, int alignment) => (value + alignment - 1) / alignment * alignment;
}
