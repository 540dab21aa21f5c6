// The build's contract compiler: every *.contract AdditionalFile of a project is compiled together by the front end
// (the same as `helios contract check`); its diagnostics become errors at the .contract file's line and column,
// and when there are none each contract gets a descriptor class (DescriptorWriter) and, in projects that reference
// the channel runtime (Helios.Channels), its endpoint types (EndpointWriter).
using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using Helios.Contracts;
using Helios.Contracts.Semantics;
using Helios.Contracts.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;
using ContractDiagnostic = Helios.Contracts.Diagnostics.Diagnostic;
using DiagnosticKind = Helios.Contracts.Diagnostics.DiagnosticKind;

namespace Helios.Contracts.Generator
{
    [Generator(LanguageNames.CSharp)]
    public sealed class ContractGenerator : IIncrementalGenerator
    {
        public const string DefaultNamespace = "Helios.Contracts";

        private static readonly Dictionary<string, DiagnosticDescriptor> Descriptors = CreateDescriptors();

        public void Initialize(IncrementalGeneratorInitializationContext context)
        {
            IncrementalValueProvider<ImmutableArray<ContractText>> files = context.AdditionalTextsProvider
                .Where(static text => text.Path.EndsWith(".contract", StringComparison.OrdinalIgnoreCase))
                .Select(static (text, cancel) => new ContractText(text.Path, text.GetText(cancel)?.ToString()))
                .Collect();
            // The namespace of the generated classes: HeliosContractNamespace, else the project's RootNamespace.
            IncrementalValueProvider<string> ns = context.AnalyzerConfigOptionsProvider.Select(static (options, _) =>
            {
                foreach (string property in new[] { "build_property.HeliosContractNamespace", "build_property.RootNamespace" })
                    if (options.GlobalOptions.TryGetValue(property, out string? value) && !string.IsNullOrWhiteSpace(value)) return value.Trim();
                return DefaultNamespace;
            });
            // Endpoint types only where the channel runtime is referenced (descriptors alone compile anywhere).
            IncrementalValueProvider<bool> channels = context.CompilationProvider.Select(static (compilation, _) =>
                compilation.GetTypeByMetadataName("Helios.Channels.Channel") is not null);
            context.RegisterSourceOutput(files.Combine(ns).Combine(channels),
                static (spc, input) => Emit(spc, input.Left.Left, input.Left.Right, input.Right));
        }

        private static void Emit(SourceProductionContext context, ImmutableArray<ContractText> texts, string ns, bool endpoints)
        {
            if (texts.IsEmpty) return;
            var files = new List<SourceFile>();
            bool unreadable = false;
            // The order of AdditionalFiles is the project's; sort so that "first declared at" notes do not depend on it.
            var sorted = new List<ContractText>(texts);
            sorted.Sort((a, b) => string.CompareOrdinal(a.Path, b.Path));
            foreach (ContractText text in sorted)
            {
                if (text.Text is null)
                {
                    context.ReportDiagnostic(Diagnostic.Create(Descriptors[DiagnosticKind.Unreadable.Id],
                        Location.Create(text.Path, default, default), "cannot read the contract file"));
                    unreadable = true;
                    continue;
                }
                files.Add(new SourceFile(text.Path, text.Text));
            }
            ContractCompilation compilation = ContractCompiler.Compile(files);
            foreach (ContractDiagnostic diagnostic in compilation.Diagnostics)
                context.ReportDiagnostic(ToRoslyn(diagnostic));
            if (compilation.HasErrors || unreadable) return;
            // Hint names must differ ignoring case: contracts whose names differ only in case (legal in C#) get their
            // wire id in the file name as well.
            var folded = new Dictionary<string, int>(StringComparer.OrdinalIgnoreCase);
            foreach (ContractModel contract in compilation.Contracts)
                folded[contract.Name] = folded.TryGetValue(contract.Name, out int n) ? n + 1 : 1;
            foreach (ContractModel contract in compilation.Contracts)
            {
                context.CancellationToken.ThrowIfCancellationRequested();
                string hint = folded[contract.Name] > 1 ? $"{contract.Name}.{contract.Id:X16}" : contract.Name;
                context.AddSource(hint + ".Descriptor.g.cs", DescriptorWriter.Write(contract, ns));
                if (endpoints) context.AddSource(hint + ".Endpoints.g.cs", EndpointWriter.Write(contract, ns));
            }
            if (endpoints && compilation.Contracts.Count > 0)
                context.AddSource(EndpointWriter.CatalogName + ".g.cs", EndpointWriter.WriteCatalog(compilation.Contracts, ns));
            if (endpoints && compilation.Structs.Count > 0)
                context.AddSource("ContractStructs.g.cs", EndpointWriter.WriteStructs(compilation.Structs, ns));
        }

        private static Diagnostic ToRoslyn(ContractDiagnostic diagnostic)
        {
            SourceLocation where = diagnostic.Location;
            Helios.Contracts.Text.LinePosition start = where.Start, end = where.End;
            var location = Location.Create(where.File.Path,
                new TextSpan(where.Span.Start, where.Span.Length),
                new LinePositionSpan(new Microsoft.CodeAnalysis.Text.LinePosition(start.Line - 1, start.Column - 1),
                                     new Microsoft.CodeAnalysis.Text.LinePosition(end.Line - 1, end.Column - 1)));
            return Diagnostic.Create(Descriptors[diagnostic.Id], location, diagnostic.Message);
        }

        private static Dictionary<string, DiagnosticDescriptor> CreateDescriptors()
        {
            var all = new Dictionary<string, DiagnosticDescriptor>();
            foreach (DiagnosticKind kind in DiagnosticKind.All)
                all[kind.Id] = new DiagnosticDescriptor(kind.Id, kind.Title, "{0}", "Helios.Contracts", DiagnosticSeverity.Error,
                    isEnabledByDefault: true, description: "See docs/contracts.md, section " + kind.Id + ".");
            return all;
        }

        /// <summary>A file's path and text: equatable, so that unchanged contracts are not recompiled on every keystroke.</summary>
        private readonly struct ContractText : IEquatable<ContractText>
        {
            public ContractText(string path, string? text)
            {
                Path = path;
                Text = text;
            }

            public string Path { get; }

            public string? Text { get; }

            public bool Equals(ContractText other) => Path == other.Path && Text == other.Text;

            public override bool Equals(object? obj) => obj is ContractText other && Equals(other);

            public override int GetHashCode() => (Path.GetHashCode() * 397) ^ (Text?.GetHashCode() ?? 0);
        }
    }
}
