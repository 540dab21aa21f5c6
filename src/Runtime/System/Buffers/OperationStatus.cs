// How far a conversion got (the BCL's System.Buffers.OperationStatus).
namespace System.Buffers
{
    public enum OperationStatus
    {
        Done,
        DestinationTooSmall,
        NeedMoreData,
        InvalidData,
    }
}
