# gdb support for Helios apps (docs/debugging.md, "Apps"). Loaded with `gdb -x build/gdb/helios-apps.py`, it adds the
# command `helios-apps DIR`: from then on, every process the kernel loads has its app's symbols (DIR/<app>.elf, with
# its DWARF) added at the address the kernel placed it, so `break Hello_Hello_Program__Main` or a source line of an
# app works before the app is even loaded (breakpoints stay pending until then).
#
# How: the kernel calls helios_debug_process_loaded(name, length, imageBase) after placing each image
# (src/Kernel/Diagnostics/DebuggerHooks.cs); an internal breakpoint there reads the arguments from the registers of
# the calling convention, runs add-symbol-file with -o imageBase (app images are linked at 0) and lets the guest go on.
import os
import struct

import gdb


class ProcessLoaded(gdb.Breakpoint):
    def __init__(self, directory):
        super().__init__("helios_debug_process_loaded", internal=True)
        self.directory = directory
        self.loaded = {}            # image base -> the file whose symbols were added there

    def stop(self):
        arch = gdb.selected_frame().architecture().name()
        registers = ("x0", "x1", "x2") if "aarch64" in arch else ("rdi", "rsi", "rdx")
        name_address, length, base = (int(gdb.parse_and_eval("$" + r)) for r in registers)
        length &= 0xFFFFFFFF
        if length <= 0 or length > 256:
            return False
        name = bytes(gdb.selected_inferior().read_memory(name_address, 2 * length)).decode("utf-16-le")
        image = os.path.join(self.directory, name + ".elf")
        if not os.path.exists(image):
            gdb.write("helios-apps: no %s for %s at 0x%x\n" % (image, name, base))
            return False
        previous = self.loaded.get(base)
        if previous is not None:
            # A process that ended left its frames to this one: its symbols there are stale.
            gdb.execute("remove-symbol-file -a 0x%x" % (base + text_offset(previous)), to_string=True)
        gdb.execute("add-symbol-file %s -o 0x%x" % (image, base), to_string=True)
        self.loaded[base] = image
        gdb.write("helios-apps: %s at 0x%x\n" % (name, base))
        return False                # never stop here: the user's own breakpoints do


def text_offset(image):
    # .text's address in the image's ELF (linked at 0): base + it is inside the objfile, which names it for
    # remove-symbol-file. ELF64 little-endian, as both ISAs' app images are.
    with open(image, "rb") as f:
        data = f.read()
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    names_offset, = struct.unpack_from("<Q", data, shoff + shstrndx * shentsize + 0x18)
    for i in range(shnum):
        header = shoff + i * shentsize
        name_index, = struct.unpack_from("<I", data, header)
        end = data.index(b"\0", names_offset + name_index)
        if data[names_offset + name_index:end] == b".text":
            return struct.unpack_from("<Q", data, header + 0x10)[0]
    return 0


class HeliosApps(gdb.Command):
    """helios-apps DIR: load each app's symbols (DIR/<app>.elf) where the kernel loads it."""

    def __init__(self):
        super().__init__("helios-apps", gdb.COMMAND_FILES)

    def invoke(self, argument, from_tty):
        directory = os.path.abspath(os.path.expanduser(argument.strip() or "."))
        if not os.path.isdir(directory):
            raise gdb.GdbError("helios-apps: %s is not a folder of app images" % directory)
        gdb.execute("set breakpoint pending on")
        ProcessLoaded(directory)
        gdb.write("helios-apps: symbols of apps from %s\n" % directory)


HeliosApps()
