// void helios_gc_capture_registers(ulong* buffer): the callee-saved registers x19-x29 and the link register (where
// a caller may keep a reference the collector must see) into buffer[0..11].
        .text
        .globl helios_gc_capture_registers
helios_gc_capture_registers:
        stp     x19, x20, [x0]
        stp     x21, x22, [x0, #16]
        stp     x23, x24, [x0, #32]
        stp     x25, x26, [x0, #48]
        stp     x27, x28, [x0, #64]
        stp     x29, x30, [x0, #80]
        ret

        .section .note.GNU-stack, "", %progbits
