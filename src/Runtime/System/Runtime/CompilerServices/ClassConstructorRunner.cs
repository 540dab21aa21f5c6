// Runs static constructors on first use. ilc calls these two helpers (its contract, by name) before touching the
// statics of a type whose constructor it could not run at compile time.
namespace System.Runtime.CompilerServices
{
    internal static unsafe class ClassConstructorRunner
    {
        private static object CheckStaticClassConstructionReturnGCStaticBase(StaticClassConstructionContext* context, object gcStaticBase)
        {
            CheckStaticClassConstruction(context);
            return gcStaticBase;
        }

        private static nint CheckStaticClassConstructionReturnNonGCStaticBase(StaticClassConstructionContext* context, nint nonGcStaticBase)
        {
            CheckStaticClassConstruction(context);
            return nonGcStaticBase;
        }

        // The context holds the constructor's address until it has run. It is cleared before the call, so a
        // constructor that touches its own statics sees them as the BCL does (not yet initialised), instead of
        // recursing. One CPU runs managed code today; SMP needs a lock here.
        private static void CheckStaticClassConstruction(StaticClassConstructionContext* context)
        {
            nint cctor = context->cctorMethodAddress;
            if (cctor == 0) return;
            context->cctorMethodAddress = 0;
            ((delegate*<void>)cctor)();
        }
    }

    internal struct StaticClassConstructionContext
    {
        public nint cctorMethodAddress;
    }
}
