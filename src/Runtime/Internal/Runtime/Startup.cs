// Brings an image's managed world up: heap first, then what ilc's module headers ask for (GC statics, the type
// manager slot, eager class constructors, module initializers). The host calls Initialize once, before any other
// managed code that allocates or touches a static; a library image then runs its library initializers.
using System;
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Internal.Runtime
{
    /// <summary>Where the pieces of an image are, as its linker script or loader placed them.</summary>
    public unsafe struct ImageLayout
    {
        public nint* ModulesStart;      // the __modules section: one pointer per module header
        public nint* ModulesEnd;
        public byte* SymbolsStart;      // the image's symbol table (may be empty)
        public byte* SymbolsEnd;
        public byte* ImageStart;        // the whole image, for symbolizing addresses
        public byte* ImageEnd;
        public byte* HeapStart;         // the first heap region
        public byte* HeapEnd;
        public byte* EhFrameHeaderStart; // .eh_frame_hdr: the sorted index of the image's unwind records
        public byte* EhFrameHeaderEnd;
        public byte* StackStart;         // the stack the image starts on (its guard page is just below)
        public byte* StackEnd;
    }

    public static unsafe class Startup
    {
        // ilc's module header (its contract): 'RTR\0', version, then rows of (section id, flags, start, end).
        private const uint ReadyToRunSignature = 0x00525452;
        private const ushort SupportedMajorVersion = 16;

        private enum Section
        {
            GCStaticRegion = 201,
            FrozenObjectRegion = 206,
            TypeManagerIndirection = 204,
            EagerCctor = 205,
            ModuleInitializerList = 213,
        }

        private struct ReadyToRunHeader
        {
            public uint Signature;
            public ushort MajorVersion;
            public ushort MinorVersion;
            public uint Flags;
            public ushort NumberOfSections;
            public byte EntrySize;
            public byte EntryType;
        }

        private struct ModuleInfoRow
        {
            public int SectionId;
            public int Flags;
            public byte* Start;
            public byte* End;
        }

        // GC static blocks are tagged until initialised (ilc's contract).
        private const nint Uninitialized = 1;
        private const nint HasPreInitializedData = 2;
        private const nint TagMask = 3;

        private static ImageLayout s_layout;

        public static ref readonly ImageLayout Layout => ref s_layout;

        public static void Initialize(in ImageLayout layout)
        {
            s_layout = layout;
            Heap.AddRegion(layout.HeapStart, (nuint)(layout.HeapEnd - layout.HeapStart));
            ImageSymbols.Register(layout.SymbolsStart, layout.SymbolsEnd, layout.ImageStart, layout.ImageEnd);
            ExceptionHandling.ManagedCode.Register(layout);

            for (nint* module = layout.ModulesStart; module < layout.ModulesEnd; module++)
                if (*module != 0) InitializeModule((ReadyToRunHeader*)*module);
            for (nint* module = layout.ModulesStart; module < layout.ModulesEnd; module++)
                if (*module != 0) RunInitializers((ReadyToRunHeader*)*module, Section.EagerCctor);
            for (nint* module = layout.ModulesStart; module < layout.ModulesEnd; module++)
                if (*module != 0) RunInitializers((ReadyToRunHeader*)*module, Section.ModuleInitializerList);
        }

        /// <summary>
        /// A library image (--nativelib, the kernel's) runs LibraryInitializer.InitializeLibrary() of every input that has
        /// one through ilc's __managed__Startup, after Initialize. A process image never calls this: its __managed__Main
        /// runs them itself.
        /// </summary>
        public static void RunLibraryInitializers() => ManagedStartup();

        [MethodImpl(MethodImplOptions.InternalCall), System.Runtime.RuntimeImport("__managed__Startup")]
        private static extern void ManagedStartup();

        private static void InitializeModule(ReadyToRunHeader* header)
        {
            if (header->Signature != ReadyToRunSignature)
                RuntimeHost.FailFast("Startup: a module header has a bad signature");
            if (header->MajorVersion != SupportedMajorVersion)
                RuntimeHost.FailFast("Startup: module header version " + header->MajorVersion.ToString()
                                     + " (this runtime reads " + SupportedMajorVersion.ToString() + ")");

            if (FindSection(header, Section.TypeManagerIndirection, out byte* slot, out _))
                *(void**)slot = header;

            if (FindSection(header, Section.GCStaticRegion, out byte* start, out byte* end))
                InitializeGCStatics((int*)start, (int*)end);
        }

        // Each entry is a relative pointer to a static base. Until initialised, the base's low 32 bits hold a relative
        // pointer to the MethodTable describing the statics, tagged Uninitialized, and its high 32 bits (when tagged
        // HasPreInitializedData) a relative pointer to ilc's preinitialised image of them. The base becomes a
        // reference to an object of that type, filled from the image where there is one.
        private static void InitializeGCStatics(int* start, int* end)
        {
            for (int* entry = start; entry < end; entry++)
            {
                nint* block = (nint*)((byte*)entry + *entry);
                nint value = *block;
                if ((value & Uninitialized) == 0) continue;
                var mt = (MethodTable*)((byte*)block + (int)(value & ~TagMask));
                object statics = RuntimeExports.NewObject(mt);
                if ((value & HasPreInitializedData) != 0)
                {
                    int* preinitField = (int*)block + 1;
                    byte* preinit = (byte*)preinitField + *preinitField;
                    byte* data = (byte*)Unsafe.AsPointer(ref Unsafe.As<RawData>(statics).Data);
                    SpanHelpers.MoveBytes(data, preinit, mt->BaseSize - (nuint)(2 * sizeof(nint)));
                }
                *(object*)block = statics;
            }
        }

        /// <summary>A module's GC static region: relative pointers to the slots holding its types' static bases.</summary>
        internal static bool FindGCStaticRegion(void* header, out int* start, out int* end)
        {
            bool found = FindSection((ReadyToRunHeader*)header, Section.GCStaticRegion, out byte* first, out byte* last);
            start = (int*)first;
            end = (int*)last;
            return found;
        }

        /// <summary>A module's frozen objects (ilc's preinitialised data: strings, arrays, objects), one after another.</summary>
        internal static bool FindFrozenObjectRegion(void* header, out byte* start, out byte* end)
            => FindSection((ReadyToRunHeader*)header, Section.FrozenObjectRegion, out start, out end);

        // Both lists are relative pointers to the methods to run, in order.
        private static void RunInitializers(ReadyToRunHeader* header, Section section)
        {
            if (!FindSection(header, section, out byte* start, out byte* end)) return;
            for (int* entry = (int*)start; entry < (int*)end; entry++)
                ((delegate*<void>)((byte*)entry + *entry))();
        }

        private static bool FindSection(ReadyToRunHeader* header, Section id, out byte* start, out byte* end)
        {
            var row = (ModuleInfoRow*)(header + 1);
            for (int i = 0; i < header->NumberOfSections; i++, row = (ModuleInfoRow*)((byte*)row + header->EntrySize))
            {
                if (row->SectionId != (int)id) continue;
                start = row->Start;
                end = row->End;
                return true;
            }
            start = end = null;
            return false;
        }
    }
}
