// Helios's placement algorithm (paper §3.7.3, Figure 3): which kernel a process starts on, from its manifest's
// affinities and a view of the system. Platform affinity first, then the sum of positive affinities, then the sum of
// negative ones, then the lowest CPU load; the first pass that leaves one kernel decides. Pure: the same view and
// manifest always give the same decision, on the host and in the coordinator.
#nullable enable
using System.Collections.Generic;
using System.Text;
using Helios.Kernel.Manifests;

namespace Helios.Satellite.Placement
{
    public static class PlacementPlanner
    {
        public static PlacementDecision Place(ApplicationManifest manifest, SystemView view)
        {
            var decision = new PlacementDecision(manifest is null ? "?" : manifest.Name);
            string? problem;
            if ((problem = ManifestRules.Validate(manifest!)) != null) return Refuse(decision, "its manifest is not valid: " + problem);
            if ((problem = view.Validate()) != null) return Refuse(decision, "the system view is not valid: " + problem);
            if (view.Kernels.Count == 0) return Refuse(decision, "there is no kernel to run it on");

            var candidates = new List<KernelView>(view.Kernels);
            if (PlatformPass(manifest!, view, candidates, decision)) return decision;
            if (decision.Refusal != null) return decision;

            AffinityTally tally = AffinityTally.Count(manifest!, view);
            if (AffinityPass(PlacementPass.Positive, tally.HasPositive, tally, candidates, decision)) return decision;
            if (AffinityPass(PlacementPass.Negative, tally.HasNegative, tally, candidates, decision)) return decision;
            LoadPass(candidates, decision);
            return decision;
        }

        // Platforms are tried from the highest affinity down; platforms listed with the same affinity are one level,
        // and all their kernels are kept ("keep only kernels equal to max platform affinity").
        private static bool PlatformPass(ApplicationManifest manifest, SystemView view, List<KernelView> candidates, PlacementDecision decision)
        {
            if (manifest.Platforms.Count == 0)
            {
                PassRecord skipped = new PassRecord(PlacementPass.Platform, false, "no platform preference: every kernel stays");
                skipped.Kept.AddRange(candidates);
                decision.Passes.Add(skipped);
                return false;
            }

            var record = new PassRecord(PlacementPass.Platform, true, "");
            decision.Passes.Add(record);
            var absent = new StringBuilder();
            int level = int.MaxValue;
            while (true)
            {
                level = NextLevelBelow(manifest, level);
                if (level <= 0) break;
                foreach (KernelView kernel in candidates)
                    if (AffinityOf(manifest, kernel.Platform) == level) record.Kept.Add(kernel);
                if (record.Kept.Count > 0) break;
                foreach (PlatformPreference platform in manifest.Platforms)
                {
                    if (platform.Affinity != level) continue;
                    if (absent.Length > 0) absent.Append("; ");
                    absent.Append(platform.Name).Append(" (").Append(platform.Affinity.ToString()).Append("): no kernel");
                    string? near = NearMiss(platform.Name, view);
                    if (near != null) absent.Append(" (did you mean ").Append(near).Append("?)");
                }
            }

            foreach (KernelView kernel in candidates)
            {
                int affinity = AffinityOf(manifest, kernel.Platform);
                record.Scores.Add(new PassScore(kernel, affinity, affinity > 0 ? kernel.Platform + " " + affinity.ToString() : kernel.Platform + " not listed"));
            }
            if (record.Kept.Count == 0)
            {
                record.Note = absent.ToString();
                var why = new StringBuilder("no kernel runs a platform its manifest lists: ").Append(absent.ToString()).Append("; the kernels are ");
                for (int i = 0; i < view.Kernels.Count; i++)
                {
                    if (i > 0) why.Append(", ");
                    why.Append(view.Kernels[i].Id).Append(" (").Append(view.Kernels[i].Platform).Append(')');
                }
                Refuse(decision, why.ToString());
                return false;
            }

            var winners = new StringBuilder();
            foreach (PlatformPreference platform in manifest.Platforms)
            {
                if (platform.Affinity != level) continue;
                if (winners.Length > 0) winners.Append(", ");
                winners.Append(platform.Name);
            }
            record.Note = absent.Length > 0 ? absent.ToString() + "; kept " + winners.ToString() + " (" + level.ToString() + ")"
                                            : "kept " + winners.ToString() + " (" + level.ToString() + ")";
            foreach (PassScore score in record.Scores)
            {
                if (record.Kept.Contains(score.Kernel)) continue;
                string reason = score.Value == 0
                    ? "platform " + score.Kernel.Platform + " is not listed"
                    : "platform " + score.Kernel.Platform + " (" + score.Value.ToString() + ") < " + winners.ToString() + " (" + level.ToString() + ")";
                decision.Eliminations.Add(new Elimination(score.Kernel, PlacementPass.Platform, reason));
            }
            return Narrow(candidates, record, decision);
        }

        // Positive: keep the highest sum. Negative: keep the sum nearest zero, i.e. also the highest (Figure 3's "min
        // negative affinity" is the smallest magnitude: the kernel the process least wants to avoid).
        private static bool AffinityPass(PlacementPass pass, bool any, AffinityTally tally, List<KernelView> candidates, PlacementDecision decision)
        {
            string kind = pass == PlacementPass.Positive ? "positive" : "negative";
            if (!any)
            {
                PassRecord skipped = new PassRecord(pass, false, "no " + kind + " affinity in the manifest: every candidate stays");
                skipped.Kept.AddRange(candidates);
                decision.Passes.Add(skipped);
                return false;
            }

            var record = new PassRecord(pass, true, "");
            decision.Passes.Add(record);
            int best = int.MinValue;
            foreach (KernelView kernel in candidates)
            {
                int sum = pass == PlacementPass.Positive ? tally.Positive(kernel.Id) : tally.Negative(kernel.Id);
                string detail = pass == PlacementPass.Positive ? tally.PositiveDetail(kernel.Id) : tally.NegativeDetail(kernel.Id);
                record.Scores.Add(new PassScore(kernel, sum, detail));
                if (sum > best) best = sum;
            }
            var winners = new StringBuilder();
            foreach (PassScore score in record.Scores)
            {
                if (score.Value != best) continue;
                record.Kept.Add(score.Kernel);
                if (winners.Length > 0) winners.Append(", ");
                winners.Append(score.Kernel.Id);
            }
            string bestText = PassRecord.FormatValue(pass, best);
            record.Note = record.Kept.Count == record.Scores.Count
                ? "every candidate sums " + bestText + ": all stay"
                : "kept " + winners.ToString() + " (" + bestText + ")";
            foreach (PassScore score in record.Scores)
            {
                if (score.Value == best) continue;
                decision.Eliminations.Add(new Elimination(score.Kernel, pass,
                    kind + " sum " + PassRecord.FormatValue(pass, score.Value) + " < " + bestText + (score.Detail.Length > 0 ? " (" + score.Detail + ")" : "")));
            }
            return Narrow(candidates, record, decision);
        }

        // The last pass always decides: the lowest load, and on equal loads the kernel the view lists first.
        private static void LoadPass(List<KernelView> candidates, PlacementDecision decision)
        {
            var record = new PassRecord(PlacementPass.Load, true, "");
            decision.Passes.Add(record);
            KernelView chosen = candidates[0];
            foreach (KernelView kernel in candidates)
            {
                record.Scores.Add(new PassScore(kernel, kernel.Load, ""));
                if (kernel.Load < chosen.Load) chosen = kernel;
            }
            record.Kept.Add(chosen);
            int ties = 0;
            foreach (KernelView kernel in candidates)
            {
                if (kernel == chosen) continue;
                if (kernel.Load == chosen.Load)
                {
                    ties++;
                    decision.Eliminations.Add(new Elimination(kernel, PlacementPass.Load,
                        "load " + kernel.Load.ToString() + "% ties with " + chosen.Id + ", which comes first"));
                }
                else
                {
                    decision.Eliminations.Add(new Elimination(kernel, PlacementPass.Load,
                        "load " + kernel.Load.ToString() + "% > " + chosen.Load.ToString() + "%"));
                }
            }
            record.Note = ties > 0 ? "lowest load " + chosen.Load.ToString() + "% shared: " + chosen.Id + " comes first"
                                   : "lowest load " + chosen.Load.ToString() + "%";
            decision.Kernel = chosen;
            decision.DecidedBy = PlacementPass.Load;
        }

        private static bool Narrow(List<KernelView> candidates, PassRecord record, PlacementDecision decision)
        {
            candidates.Clear();
            candidates.AddRange(record.Kept);
            if (candidates.Count != 1) return false;
            decision.Kernel = candidates[0];
            decision.DecidedBy = record.Pass;
            return true;
        }

        private static PlacementDecision Refuse(PlacementDecision decision, string why)
        {
            decision.Kernel = null;
            decision.Refusal = why;
            return decision;
        }

        /// <summary>The manifest's platform affinity for a kernel's platform; 0 when the platform is not listed.</summary>
        private static int AffinityOf(ApplicationManifest manifest, string platform)
        {
            foreach (PlatformPreference preference in manifest.Platforms)
                if (preference.Name == platform) return preference.Affinity;
            return 0;
        }

        /// <summary>The highest platform affinity in the manifest below level; 0 when there is none.</summary>
        private static int NextLevelBelow(ApplicationManifest manifest, int level)
        {
            int next = 0;
            foreach (PlatformPreference preference in manifest.Platforms)
                if (preference.Affinity < level && preference.Affinity > next) next = preference.Affinity;
            return next;
        }

        /// <summary>A kernel's platform that differs from name only in case or punctuation ("x86-64" for "x86_64"):
        /// platforms match exactly, so a near miss is worth naming in a refusal.</summary>
        private static string? NearMiss(string name, SystemView view)
        {
            string folded = Fold(name);
            foreach (KernelView kernel in view.Kernels)
                if (kernel.Platform != name && Fold(kernel.Platform) == folded) return kernel.Platform;
            return null;
        }

        private static string Fold(string name)
        {
            var text = new StringBuilder();
            foreach (char c in name)
            {
                if (c == '-' || c == '_' || c == '.') continue;
                text.Append(c >= 'A' && c <= 'Z' ? (char)(c + ('a' - 'A')) : c);
            }
            return text.ToString();
        }
    }
}
