// The checked type of a field, with its size and alignment in a message. Handles (exchange-heap arrays and
// endpoints) travel as 16-byte descriptors, never as pointers (see Wire/WireFormat.cs).
using Helios.Contracts.Syntax;
using Helios.Contracts.Wire;

namespace Helios.Contracts.Semantics;

public abstract class TypeModel
{
    /// <summary>The type as the contract language writes it: "int", "Point", "byte[] in ExHeap", "imp&lt;C&gt;".</summary>
    public abstract string Name { get; }

    /// <summary>Bytes the type takes in a message or struct (a handle's descriptor for handles).</summary>
    public abstract int Size { get; }

    public abstract int Alignment { get; }

    /// <summary>True for exchange-heap arrays and endpoints: they travel as descriptors.</summary>
    public virtual bool IsHandle => false;

    /// <summary>A host-independent description of the wire shape, for fingerprints (struct layouts spelled out).</summary>
    public virtual string WireShape => Name;

    public override string ToString() => Name;
}

/// <summary>An exchange-heap array of blittable values: <c>T[] in ExHeap</c>.</summary>
public sealed class ExHeapArrayType : TypeModel
{
    public ExHeapArrayType(TypeModel element)
    {
        Element = element;
    }

    public TypeModel Element { get; }

    public override string Name => Element.Name + "[] in ExHeap";

    public override int Size => WireFormat.DescriptorSize;

    public override int Alignment => WireFormat.DescriptorAlignment;

    public override bool IsHandle => true;

    public override string WireShape => Element.WireShape + "[]";
}

/// <summary>One end of a channel of another contract, sent over this one: <c>imp&lt;C&gt;</c> or <c>exp&lt;C&gt;</c>.</summary>
public sealed class EndpointType : TypeModel
{
    public EndpointType(EndpointEnd end, string contractName)
    {
        End = end;
        ContractName = contractName;
    }

    public EndpointEnd End { get; }

    public string ContractName { get; }

    public ulong ContractId => WireHash.ContractId(ContractName);

    public override string Name => (End == EndpointEnd.Importer ? "imp<" : "exp<") + ContractName + ">";

    public override int Size => WireFormat.DescriptorSize;

    public override int Alignment => WireFormat.DescriptorAlignment;

    public override bool IsHandle => true;
}

/// <summary>Stands in for a type that was already reported, so that one mistake gives one diagnostic.</summary>
public sealed class ErrorType : TypeModel
{
    public static readonly ErrorType Instance = new();

    private ErrorType() { }

    public override string Name => "?";

    public override int Size => 0;

    public override int Alignment => 1;
}
