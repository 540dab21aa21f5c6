// void helios_gc_capture_registers(ulong* buffer): the callee-saved registers (where a caller may keep a reference
// the collector must see) into buffer[0..6].
        .intel_syntax noprefix
        .text
        .globl helios_gc_capture_registers
helios_gc_capture_registers:
        mov     [rdi], rbx
        mov     [rdi + 8], rbp
        mov     [rdi + 16], r12
        mov     [rdi + 24], r13
        mov     [rdi + 32], r14
        mov     [rdi + 40], r15
        mov     [rdi + 48], rsp
        ret

        .section .note.GNU-stack, "", @progbits
