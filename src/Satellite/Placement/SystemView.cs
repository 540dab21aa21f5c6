// What placement knows of the system when a process is launched: the kernels (/kernels/*), the services running on
// them (the namespace) and where the launcher is. The coordinator fills it from the namespace at each launch; the
// host fills it from a topology (helios placement). Plain data: the planner never asks the system anything else.
#nullable enable
using System.Collections.Generic;
using Helios.Kernel.Manifests;

namespace Helios.Satellite.Placement
{
    public sealed class SystemView
    {
        /// <summary>Bounds that keep every affinity sum in an int: 256 channels × 100 × MaxServices &lt; 2^31.</summary>
        public const int MaxKernels = 256;
        public const int MaxServices = 65536;
        public const int MaxKernelIdLength = 64;

        public const string KernelIdSyntax = "1 to 64 characters: letters, digits, '_', '.' or '-', starting with a letter or digit (e.g. k0)";

        /// <summary>In the order the kernels were announced: the coordinator first. The last tie (equal load) goes to
        /// the kernel that comes first, so a decision never depends on anything but the view.</summary>
        public List<KernelView> Kernels { get; } = new List<KernelView>();

        /// <summary>Every running service, one entry per copy: a service whose copies run on two kernels is listed twice.</summary>
        public List<RunningService> Services { get; } = new List<RunningService>();

        /// <summary>The kernel where the process's standard pipes end (whoever launches it: init and the console run
        /// on the coordinator), which is what a pipe's affinity is with; null when unknown (pipe affinities then count
        /// for no kernel).</summary>
        public string? LauncherKernelId { get; set; }

        public KernelView? FindKernel(string id)
        {
            foreach (KernelView kernel in Kernels)
                if (kernel.Id == id) return kernel;
            return null;
        }

        public static string? CheckKernelId(string value)
        {
            if (value is null || value.Length == 0 || value.Length > MaxKernelIdLength) return KernelIdSyntax;
            for (int i = 0; i < value.Length; i++)
            {
                char c = value[i];
                bool alphanumeric = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
                if (!alphanumeric && (i == 0 || (c != '_' && c != '.' && c != '-'))) return KernelIdSyntax;
            }
            return null;
        }

        public static string? CheckLoad(int value) => value < 0 || value > 100 ? "a load from 0 to 100 (percent)" : null;

        /// <summary>The first thing wrong with the view, or null. The planner refuses to place against a bad view
        /// rather than guess: a service on a kernel nobody announced is a bug in whoever built the view.</summary>
        public string? Validate()
        {
            if (Kernels.Count > MaxKernels) return Kernels.Count.ToString() + " kernels: at most " + MaxKernels.ToString();
            if (Services.Count > MaxServices) return Services.Count.ToString() + " services: at most " + MaxServices.ToString();
            var ids = new HashSet<string>();
            string? problem;
            foreach (KernelView kernel in Kernels)
            {
                if (kernel is null) return "a kernel entry is missing";
                if ((problem = CheckKernelId(kernel.Id)) != null) return "kernel id \"" + kernel.Id + "\": expected " + problem;
                if (!ids.Add(kernel.Id)) return "kernel " + kernel.Id + " is listed twice";
                if ((problem = ManifestRules.CheckPlatformName(kernel.Platform)) != null)
                    return "kernel " + kernel.Id + " platform \"" + kernel.Platform + "\": expected " + problem;
                if ((problem = CheckLoad(kernel.Load)) != null) return "kernel " + kernel.Id + " load " + kernel.Load.ToString() + ": expected " + problem;
            }
            foreach (RunningService service in Services)
            {
                if (service is null) return "a service entry is missing";
                if ((problem = ManifestRules.CheckPath(service.Path)) != null) return "service path \"" + service.Path + "\": expected " + problem;
                if ((problem = ManifestRules.CheckContractName(service.ContractName)) != null)
                    return "service " + service.Path + " contract \"" + service.ContractName + "\": expected " + problem;
                if (!ids.Contains(service.KernelId)) return "service " + service.Path + " runs on kernel \"" + service.KernelId + "\", which is not in the view";
            }
            if (LauncherKernelId != null && !ids.Contains(LauncherKernelId)) return "the launcher's kernel \"" + LauncherKernelId + "\" is not in the view";
            return null;
        }
    }
}
