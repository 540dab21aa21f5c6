// The apps this kernel can run: the boot bundle's images (apps/<name>.elf) and manifests (apps/<name>.manifest, the
// binary form the build compiles from manifests/<name>.manifest.xml). The bundle stays where QEMU put it (reserved
// from the frame allocator at boot); a process is loaded from it each time it is created.
using System;
using System.Collections.Generic;
using Helios.Kernel.Boot;
using Helios.Kernel.Manifests;

namespace Helios.Kernel.Processes
{
    public static unsafe class Apps
    {
        private static ulong s_bundle;
        private static int s_length;
        private static List<BundleFile> s_files = new List<BundleFile>();

        // Each app is read, checked and bound once; every process of it is loaded from this.
        private sealed class App
        {
            public BundleFile File;
            public ProcessImage Image;
            public nint[] Slots;
            public ApplicationManifest Manifest;
        }

        private static readonly Dictionary<string, App> s_apps = new Dictionary<string, App>();

        /// <summary>
        /// Where the command line says the bundle is ("bundle=0x...,length"), checked to be in usable RAM and clear of
        /// the kernel's image and early heap [kernelStart, kernelEnd).
        /// </summary>
        public static bool TryLocate(BootInfo boot, ulong kernelStart, ulong kernelEnd, out ulong address, out ulong length)
            => BootModule.TryLocate(boot, "bundle", "the boot bundle", kernelStart, kernelEnd, out address, out length);

        /// <summary>Reads the bundle's table of contents (the command line located it; boot reserved it).</summary>
        internal static void Open(BootInfo boot, ulong kernelStart, ulong kernelEnd)
        {
            if (!TryLocate(boot, kernelStart, kernelEnd, out ulong address, out ulong length)) return;
            if (length > int.MaxValue) throw new BootInfoException("the boot bundle is larger than 2 GiB");
            s_bundle = address;
            s_length = (int)length;
            s_files = BootBundle.Read(Bundle);
        }

        public static bool HasBundle => s_bundle != 0;

        public static ulong BundleAddress => s_bundle;

        public static ulong BundleLength => (ulong)s_length;

        private static ReadOnlySpan<byte> Bundle => new ReadOnlySpan<byte>((void*)s_bundle, s_length);

        /// <summary>The names of the apps in the bundle.</summary>
        public static List<string> Names
        {
            get
            {
                var names = new List<string>();
                foreach (BundleFile file in s_files)
                    if (file.Name.StartsWith("apps/") && file.Name.EndsWith(".elf"))
                        names.Add(file.Name.Substring(5, file.Name.Length - 9));
                return names;
            }
        }

        /// <summary>A file of the bundle, or null.</summary>
        public static byte[] ReadFile(string name)
        {
            BundleFile? file = BootBundle.Find(s_files, name);
            return file is BundleFile f ? Bundle.Slice(f.Offset, f.Length).ToArray() : null;
        }

        /// <summary>The app's manifest from the boot bundle (what placement reads); ProcessImageException if there is none.</summary>
        public static ApplicationManifest ManifestOf(string name) => Find(name).Manifest;

        /// <summary>
        /// Loads an app as a new process, not started; arguments null means the manifest's. Throws
        /// ProcessImageException naming what is wrong (no such app, a bad image or manifest).
        /// </summary>
        public static Process Create(string name, string[] arguments = null)
        {
            App app = Find(name);
            arguments ??= app.Manifest.Arguments.ToArray();
            return ProcessLoader.Load(name, Bundle.Slice(app.File.Offset, app.File.Length), app.Image, app.Slots, app.Manifest, arguments);
        }

        private static App Find(string name)
        {
            lock (s_apps)
            {
                if (s_apps.TryGetValue(name, out App known)) return known;
                BundleFile? image = BootBundle.Find(s_files, "apps/" + name + ".elf");
                BundleFile? manifestFile = BootBundle.Find(s_files, "apps/" + name + ".manifest");
                if (image is not BundleFile imageFile || manifestFile is not BundleFile manifestBlob)
                    throw new ProcessImageException(name + ": no such app in the boot bundle" + (HasBundle ? "" : " (there is no boot bundle)"));
                if (!ManifestBlobReader.TryRead(Bundle.Slice(manifestBlob.Offset, manifestBlob.Length), out ApplicationManifest manifest, out string error))
                    throw new ProcessImageException(name + ".manifest: " + error);
                ProcessImage parsed = ProcessImage.Read(Bundle.Slice(imageFile.Offset, imageFile.Length), name + ".elf",
                    ProcessImage.MachineOf(Internal.Runtime.TargetIsa.IsX64));
                var app = new App { File = imageFile, Image = parsed, Slots = ProcessLoader.Bind(parsed), Manifest = manifest };
                s_apps[name] = app;
                return app;
            }
        }
    }
}
