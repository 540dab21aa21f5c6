// Write barriers ilc calls when it stores an object reference (its contract: names and registers). With no
// collector yet they only store; a generational collector adds its card marking here.
        .intel_syntax noprefix
        .text

// rdi = destination slot, rsi = reference.
        .globl RhpAssignRef
        .globl RhpCheckedAssignRef
RhpAssignRef:
RhpCheckedAssignRef:
        mov     [rdi], rsi
        ret

// movsq for references: rdi = destination, rsi = source; both advance by 8. Trashes rcx only.
        .globl RhpByRefAssignRef
RhpByRefAssignRef:
        mov     rcx, [rsi]
        mov     [rdi], rcx
        add     rdi, 8
        add     rsi, 8
        ret

        .section .note.GNU-stack, "", @progbits
