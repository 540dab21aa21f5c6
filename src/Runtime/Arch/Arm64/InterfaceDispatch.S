// First call through an interface dispatch cell (ilc's contract: x11 = cell, arguments as for the target).
// Saves every argument register, asks RhpCidResolve(this, cell) for the target, restores and jumps to it.
        .text
        .globl RhpInitialDynamicInterfaceDispatch
RhpInitialDynamicInterfaceDispatch:
        stp     x29, x30, [sp, #-224]!
        mov     x29, sp
        stp     x0, x1, [sp, #16]
        stp     x2, x3, [sp, #32]
        stp     x4, x5, [sp, #48]
        stp     x6, x7, [sp, #64]
        str     x8, [sp, #80]           // indirect result location
        stp     q0, q1, [sp, #96]
        stp     q2, q3, [sp, #128]
        stp     q4, q5, [sp, #160]
        stp     q6, q7, [sp, #192]
        mov     x1, x11                 // x0 already holds `this`
        bl      RhpCidResolve
        mov     x16, x0
        ldp     q6, q7, [sp, #192]
        ldp     q4, q5, [sp, #160]
        ldp     q2, q3, [sp, #128]
        ldp     q0, q1, [sp, #96]
        ldr     x8, [sp, #80]
        ldp     x6, x7, [sp, #64]
        ldp     x4, x5, [sp, #48]
        ldp     x2, x3, [sp, #32]
        ldp     x0, x1, [sp, #16]
        ldp     x29, x30, [sp], #224
        br      x16

        .section .note.GNU-stack, "", %progbits
