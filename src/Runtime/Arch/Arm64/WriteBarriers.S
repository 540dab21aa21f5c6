// Write barriers ilc calls when it stores an object reference (its contract: names and registers). With no
// collector yet they only store; a generational collector adds its card marking here.
        .text

// x14 = destination slot, x15 = reference. On exit x14 has advanced by 8.
        .globl RhpAssignRefArm64
        .globl RhpCheckedAssignRefArm64
RhpAssignRefArm64:
RhpCheckedAssignRefArm64:
        str     x15, [x14], #8
        ret

// Copies a reference: x13 = source, x14 = destination; both advance by 8. Trashes x15.
        .globl RhpByRefAssignRefArm64
RhpByRefAssignRefArm64:
        ldr     x15, [x13], #8
        str     x15, [x14], #8
        ret

        .section .note.GNU-stack, "", %progbits
