// The codes manifest problems carry (HMnnnn), so that a build, an editor or a script can tell them apart and look
// them up in docs/manifests.md; the message says the rest. Values are stable: add new ones at the end.
namespace Helios.Manifests;

public enum ManifestErrorCode
{
    /// <summary>HM0001: the file cannot be read as text (too large, not in its declared encoding).</summary>
    Unreadable = 1,
    /// <summary>HM0002: not well-formed XML, a DTD, or elements nested absurdly deep.</summary>
    NotXml = 2,
    /// <summary>HM0003: the schema refuses it where no rule below said more.</summary>
    Schema = 3,
    /// <summary>HM0004: an unknown, misplaced or namespaced element or attribute, or text where elements belong.</summary>
    UnknownElement = 4,
    /// <summary>HM0005: a required attribute or element is missing.</summary>
    Missing = 5,
    /// <summary>HM0006: a value breaks its rule (a name, an integer, a size, an argument).</summary>
    BadValue = 6,
    /// <summary>HM0007: something said twice (an element, a platform, an endpoint id, a pipe, a service path).</summary>
    Duplicate = 7,
    /// <summary>HM0008: a contractName no contract declares.</summary>
    UnknownContract = 8,
    /// <summary>HM0009: more platforms, endpoints or arguments than a manifest may have.</summary>
    TooMany = 9,
    /// <summary>HM0010: a rule across the manifest (ManifestRules.Validate, an endpoint bound to the app's own service).</summary>
    Rule = 10,
    /// <summary>HM0011: the manifest names another application than the app being built.</summary>
    WrongApplication = 11,
}

public static class ManifestErrorCodes
{
    public static string Code(this ManifestErrorCode code) => $"HM{(int)code:D4}";
}
