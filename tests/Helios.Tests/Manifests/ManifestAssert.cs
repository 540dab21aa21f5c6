// Field-by-field comparison of two manifest models, with a message naming the first field that differs.
using Helios.Kernel.Manifests;
using Xunit;

namespace Helios.Tests.Manifests;

internal static class ManifestAssert
{
    public static void Equal(ApplicationManifest expected, ApplicationManifest actual)
    {
        Assert.Equal(expected.Name, actual.Name);
        Assert.Equal(expected.Runtime, actual.Runtime);
        Assert.Equal(expected.Image, actual.Image);
        Assert.Equal(expected.HeapLimit, actual.HeapLimit);
        Assert.Equal(expected.StackSize, actual.StackSize);
        Assert.Equal(expected.Platforms.Select(p => (p.Name, p.Affinity)), actual.Platforms.Select(p => (p.Name, p.Affinity)));
        Assert.Equal(expected.Endpoints.Select(e => (e.Kind, e.Id, e.Affinity, e.ContractName, e.Path)),
                     actual.Endpoints.Select(e => (e.Kind, e.Id, e.Affinity, e.ContractName, e.Path)));
        Assert.Equal(expected.Arguments, actual.Arguments);
        Assert.Equal(expected.PciDevices.Select(d => (d.VendorId, d.DeviceId, d.RegisterBars, d.InterruptVectors)), actual.PciDevices.Select(d => (d.VendorId, d.DeviceId, d.RegisterBars, d.InterruptVectors)));
    }
}
