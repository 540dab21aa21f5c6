// Resolves a field's written type to a checked type: blittable primitives and structs by value, arrays only as
// 'T[] in ExHeap' of values, endpoints of declared contracts. Everything else is reported with a hint.
using System.Collections.Generic;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Syntax;
using Helios.Contracts.Text;

namespace Helios.Contracts.Semantics;

internal sealed class TypeResolver
{
    private static readonly Dictionary<string, string> NotBlittable = new()
    {
        ["string"] = "strings are not blittable: send 'char[] in ExHeap'",
        ["String"] = "strings are not blittable: send 'char[] in ExHeap'",
        ["object"] = "object references cannot cross a channel: send values, 'T[] in ExHeap' arrays or endpoints",
        ["Object"] = "object references cannot cross a channel: send values, 'T[] in ExHeap' arrays or endpoints",
        ["dynamic"] = "object references cannot cross a channel: send values, 'T[] in ExHeap' arrays or endpoints",
        ["decimal"] = "decimal has no wire layout here: use long (fixed point) or double",
        ["nint"] = "pointer-sized integers have no fixed width on the wire: use long",
        ["nuint"] = "pointer-sized integers have no fixed width on the wire: use ulong",
        ["IntPtr"] = "pointer-sized integers have no fixed width on the wire: use long",
        ["UIntPtr"] = "pointer-sized integers have no fixed width on the wire: use ulong",
        ["void"] = "void is not a value",
    };

    private static readonly Dictionary<string, string> ClrNames = new()
    {
        ["Boolean"] = "bool", ["Byte"] = "byte", ["SByte"] = "sbyte", ["Int16"] = "short", ["UInt16"] = "ushort",
        ["Int32"] = "int", ["UInt32"] = "uint", ["Int64"] = "long", ["UInt64"] = "ulong", ["Char"] = "char",
        ["Single"] = "float", ["Double"] = "double",
    };

    private readonly CheckContext _context;
    private NameHints? _typeHints;
    private NameHints? _contractHints;

    public TypeResolver(CheckContext context)
    {
        _context = context;
    }

    /// <summary>Resolves a message parameter's type (values and handles).</summary>
    public TypeModel ResolveParameter(TypeSyntax syntax, SourceFile file) => Resolve(syntax, file, valuesOnly: false);

    /// <summary>Resolves a struct field's or an array element's type (values only).</summary>
    public TypeModel ResolveValue(TypeSyntax syntax, SourceFile file) => Resolve(syntax, file, valuesOnly: true);

    private TypeModel Resolve(TypeSyntax syntax, SourceFile file, bool valuesOnly)
    {
        switch (syntax)
        {
            case NamedTypeSyntax named:
                return ResolveNamed(named.Name, file);

            case ArrayTypeSyntax array:
                if (valuesOnly)
                    return Fail(DiagnosticKind.NotBlittable, file, syntax.Span,
                        $"'{array}' is not a value: structs and array elements hold values; arrays travel as message parameters ('T[] in ExHeap')");
                if (!array.InExHeap)
                    return Fail(DiagnosticKind.NotBlittable, file, syntax.Span, $"arrays travel in the exchange heap: write '{array.Element}[] in ExHeap'");
                if (array.Element is not NamedTypeSyntax)
                    return Fail(DiagnosticKind.NotBlittable, file, array.Element.Span,
                        $"'{array.Element}' cannot be an array element: exchange-heap arrays hold blittable values");
                TypeModel element = ResolveValue(array.Element, file);
                return element is ErrorType ? element : new ExHeapArrayType(element);

            case EndpointTypeSyntax endpoint:
                if (valuesOnly)
                    return Fail(DiagnosticKind.NotBlittable, file, syntax.Span,
                        $"'{endpoint}' is not a value: endpoints travel as message parameters, not inside structs");
                if (!_context.Contracts.ContainsKey(endpoint.Contract.Text))
                {
                    string what = _context.Structs.ContainsKey(endpoint.Contract.Text)
                        ? $"'{endpoint.Contract.Text}' is a struct, not a contract"
                        : $"unknown contract '{endpoint.Contract.Text}'" + (_contractHints ??= new NameHints(_context.Contracts.Keys)).For(endpoint.Contract.Text);
                    return Fail(DiagnosticKind.UnknownContract, file, endpoint.Contract.Span, what);
                }
                return new EndpointType(endpoint.End, endpoint.Contract.Text);

            default:
                return ErrorType.Instance;
        }
    }

    private TypeModel ResolveNamed(NameSyntax name, SourceFile file)
    {
        if (PrimitiveType.Find(name.Text) is PrimitiveType primitive) return primitive;
        if (_context.Structs.TryGetValue(name.Text, out StructModel? structModel)) return structModel;
        if (_context.Contracts.ContainsKey(name.Text))
            return Fail(DiagnosticKind.NotBlittable, file, name.Span,
                $"'{name.Text}' is a contract: send one of its endpoints, 'imp<{name.Text}>' or 'exp<{name.Text}>'");
        if (NotBlittable.TryGetValue(name.Text, out string? why))
            return Fail(DiagnosticKind.NotBlittable, file, name.Span, $"'{name.Text}' cannot travel in a message: {why}");
        if (ClrNames.TryGetValue(name.Text, out string? keyword))
            return Fail(DiagnosticKind.UnknownType, file, name.Span, $"unknown type '{name.Text}'; contracts spell it '{keyword}'");
        if (_typeHints is null)
        {
            var known = new List<string>(_context.Structs.Keys);
            foreach (PrimitiveType p in PrimitiveType.All) known.Add(p.Keyword);
            _typeHints = new NameHints(known);
        }
        return Fail(DiagnosticKind.UnknownType, file, name.Span, $"unknown type '{name.Text}'" + _typeHints.For(name.Text));
    }

    private TypeModel Fail(DiagnosticKind kind, SourceFile file, SourceSpan span, string message)
    {
        _context.Report(kind, file, span, message);
        return ErrorType.Instance;
    }
}
