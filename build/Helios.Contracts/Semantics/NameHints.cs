// "Did you mean" hints: the declared name that differs from a mistyped one only in case. Built once per set of
// names, so that even a file full of mistakes costs one lookup per mistake.
using System;
using System.Collections.Generic;

namespace Helios.Contracts.Semantics;

internal sealed class NameHints
{
    private readonly Dictionary<string, string> _byFoldedName = new(StringComparer.OrdinalIgnoreCase);

    public NameHints(IEnumerable<string> names)
    {
        foreach (string name in names)
            if (!_byFoldedName.ContainsKey(name)) _byFoldedName[name] = name;
    }

    /// <summary>The declared name the mistyped one probably means, or null.</summary>
    public string? Find(string name) => _byFoldedName.TryGetValue(name, out string? candidate) && candidate != name ? candidate : null;

    /// <summary>"; did you mean 'Name'?" or "".</summary>
    public string For(string name) => Find(name) is string candidate ? $"; did you mean '{candidate}'?" : "";
}
