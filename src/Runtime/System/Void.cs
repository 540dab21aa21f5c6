namespace System
{
    public struct Void { }
}
