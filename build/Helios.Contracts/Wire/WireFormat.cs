// The fixed message format every kernel agrees on, whatever its ISA: little-endian, explicit widths, natural
// alignment, no pointers. A message block is
//   header (16 bytes) | one 16-byte descriptor per exchange-heap array or endpoint | value fields
// Descriptors come first so that a marshaller that does not know the contract still finds every handle.
namespace Helios.Contracts.Wire;

public static class WireFormat
{
    /// <summary>Version of this format, in the header.</summary>
    public const byte Version = 1;

    // Header.
    public const int HeaderSize = 16;
    /// <summary>u64: id of the contract that declares the message (<see cref="WireHash.ContractId"/>).</summary>
    public const int HeaderContractIdOffset = 0;
    /// <summary>u16: the message tag (<see cref="WireHash.MessageTag"/>).</summary>
    public const int HeaderTagOffset = 8;
    /// <summary>u8: how many descriptors follow the header.</summary>
    public const int HeaderDescriptorCountOffset = 10;
    /// <summary>u8: <see cref="Version"/>.</summary>
    public const int HeaderVersionOffset = 11;
    /// <summary>u32: bytes in the whole block (header, descriptors, values), a multiple of <see cref="MessageAlignment"/>.</summary>
    public const int HeaderSizeOffset = 12;

    // Descriptors, one per handle, in parameter order.
    public const int DescriptorSize = 16;
    public const int DescriptorAlignment = 8;
    /// <summary>u8: <see cref="DescriptorKind"/>.</summary>
    public const int DescriptorKindOffset = 0;
    /// <summary>u8: reserved, 0.</summary>
    public const int DescriptorFlagsOffset = 1;
    /// <summary>u16: bytes per element of an exchange-heap array; 0 for an endpoint.</summary>
    public const int DescriptorElementSizeOffset = 2;
    /// <summary>u32: number of elements of an exchange-heap array; 0 for an endpoint.</summary>
    public const int DescriptorLengthOffset = 4;
    /// <summary>u64: the handle (an exchange-heap block or an endpoint, as the transport names them); 0 is null.</summary>
    public const int DescriptorHandleOffset = 8;

    /// <summary>Blocks are multiples of 8 bytes, so the next block in a buffer is aligned for any field.</summary>
    public const int MessageAlignment = 8;

    /// <summary>Layout limits: sizes are u16 in the protocol tables, descriptor counts u8 in the header.</summary>
    public const int MaxMessageSize = ushort.MaxValue - MessageAlignment + 1;
    public const int MaxDescriptors = byte.MaxValue;
    public const int MaxStructSize = ushort.MaxValue;

    public static int AlignUp(int value, int alignment) => (value + alignment - 1) / alignment * alignment;
}

/// <summary>What a descriptor stands for.</summary>
public enum DescriptorKind : byte
{
    ExHeapArray = 1,
    ImporterEndpoint = 2,
    ExporterEndpoint = 3,
}
