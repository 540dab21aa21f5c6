// One host kernel (HostKernel) as a test drives it: the test assembly loaded again in an AssemblyLoadContext of its
// own, so it has its own channel runtime statics, its HostKernel called by name.
using System.Reflection;
using System.Runtime.Loader;
using Xunit;

namespace Helios.Tests.Satellite.Links;

internal sealed class KernelContext
{
    private readonly Type _type;

    public KernelContext(string name)
    {
        var context = new AssemblyLoadContext(name);
        Assembly copy = context.LoadFromAssemblyPath(typeof(HostKernel).Assembly.Location);
        _type = copy.GetType(typeof(HostKernel).FullName!, throwOnError: true)!;
        Assert.NotSame(typeof(HostKernel), _type);
    }

    public object Call(string method, params object[] args)
    {
        try
        {
            return _type.GetMethod(method)!.Invoke(null, args)!;
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            throw e.InnerException;
        }
    }

    public T Get<T>(string property) => (T)_type.GetProperty(property)!.GetValue(null)!;
}
