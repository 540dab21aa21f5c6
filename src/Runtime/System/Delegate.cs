// Delegates. ilc builds them by calling one of the Initialize* methods below (its contract, by name) and emits the
// Invoke code that reads these four fields.
using System.Runtime.CompilerServices;

namespace System
{
    public abstract class Delegate : ICloneable
    {
        // ilc's contract: these fields, these names.
        internal object _firstParameter;
        internal object _helperObject;
        internal nint _extraFunctionPointerOrData;
        internal nint _functionPointer;

        // Closed over an instance: Invoke calls _functionPointer with _firstParameter as `this`.
        private void InitializeClosedInstance(object firstParameter, nint functionPointer)
        {
            if (firstParameter is null) ThrowHelper.ThrowNullReferenceException();
            _functionPointer = functionPointer;
            _firstParameter = firstParameter;
        }

        // Shared generic code hands out "fat" pointers (target + instantiation); calling one needs an unwrapping thunk
        // the image does not carry yet, so refuse it clearly.
        private void InitializeClosedInstanceSlow(object firstParameter, nint functionPointer)
        {
            if ((functionPointer & FatFunctionPointerFlag) != 0)
                ThrowHelper.ThrowNotSupportedException("A delegate to a shared generic method is not supported yet.");
            InitializeClosedInstance(firstParameter, functionPointer);
        }

        // Static method closed over its first argument (an extension method delegate): a thunk supplies the argument.
        private void InitializeClosedStaticThunk(object firstParameter, nint functionPointer, nint functionPointerThunk)
        {
            _extraFunctionPointerOrData = functionPointer;
            _helperObject = firstParameter;
            _functionPointer = functionPointerThunk;
            _firstParameter = this;
        }

        // Static method: Invoke calls the thunk with the delegate as `this`; the thunk calls the target.
        private void InitializeOpenStaticThunk(object firstParameter, nint functionPointer, nint functionPointerThunk)
        {
            _firstParameter = this;
            _functionPointer = functionPointerThunk;
            _extraFunctionPointerOrData = functionPointer;
        }

        private const nint FatFunctionPointerFlag = 2;

        public object Target => ReferenceEquals(_firstParameter, this) ? _helperObject : _firstParameter;

        public object Clone() => MemberwiseClone();

        public override bool Equals(object obj)
            => obj is Delegate other && other.GetType() == GetType()
               && ReferenceEquals(ReferenceEquals(other._firstParameter, other) ? other._helperObject : other._firstParameter, Target)
               && other._functionPointer == _functionPointer
               && other._extraFunctionPointerOrData == _extraFunctionPointerOrData;

        public override int GetHashCode() => (int)_functionPointer ^ (int)_extraFunctionPointerOrData;

        public static bool operator ==(Delegate d1, Delegate d2) => d1 is null ? d2 is null : d1.Equals(d2);

        public static bool operator !=(Delegate d1, Delegate d2) => !(d1 == d2);

        // Multicast invocation needs a per-delegate-type thunk ilc generates only for the full runtime; until the
        // runtime grows one, combining delegates with different targets is refused.
        public static Delegate Combine(Delegate a, Delegate b)
        {
            if (a is null) return b;
            if (b is null) return a;
            ThrowHelper.ThrowNotSupportedException("Multicast delegates are not supported yet.");
            return null;
        }

        public static Delegate Remove(Delegate source, Delegate value) => source == value ? null : source;
    }

    public abstract class MulticastDelegate : Delegate
    {
    }

    public delegate void Action();
    public delegate void Action<in T>(T obj);
    public delegate void Action<in T1, in T2>(T1 arg1, T2 arg2);
    public delegate void Action<in T1, in T2, in T3>(T1 arg1, T2 arg2, T3 arg3);
    public delegate void Action<in T1, in T2, in T3, in T4>(T1 arg1, T2 arg2, T3 arg3, T4 arg4);
    public delegate TResult Func<out TResult>();
    public delegate TResult Func<in T, out TResult>(T arg);
    public delegate TResult Func<in T1, in T2, out TResult>(T1 arg1, T2 arg2);
    public delegate TResult Func<in T1, in T2, in T3, out TResult>(T1 arg1, T2 arg2, T3 arg3);
    public delegate TResult Func<in T1, in T2, in T3, in T4, out TResult>(T1 arg1, T2 arg2, T3 arg3, T4 arg4);
    public delegate bool Predicate<in T>(T obj);
    public delegate int Comparison<in T>(T x, T y);
}
