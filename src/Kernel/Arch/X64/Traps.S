// CPU exception and interrupt entry. One stub per vector pushes the vector (and a zero where the CPU pushes no
// error code), then trap_common saves the registers and the SSE state and calls the handler the kernel registered
// (Idt.cs) with the TrapFrame. Returning from it resumes the interrupted code. The frame layout is X64TrapFrame.
        .intel_syntax noprefix
        .altmacro
        .text

        .macro TRAP_STUB vector
        .balign 16
trap_stub_\vector:
        .if (\vector == 8) || (\vector >= 10 && \vector <= 14) || (\vector == 17) || (\vector == 21) || (\vector == 29) || (\vector == 30)
        .else
        push    0                       // no error code from the CPU: keep the frame uniform
        .endif
        push    \vector
        jmp     trap_common
        .endm

        .set vec, 0
        .rept 256
        TRAP_STUB %vec
        .set vec, vec + 1
        .endr

        .macro TRAP_STUB_ADDRESS vector
        .quad   trap_stub_\vector
        .endm

trap_common:
        push    r15
        push    r14
        push    r13
        push    r12
        push    r11
        push    r10
        push    r9
        push    r8
        push    rbp
        push    rdi
        push    rsi
        push    rdx
        push    rcx
        push    rbx
        push    rax
        mov     rax, cr2                // the fault address of a #PF, before any nested fault replaces it
        push    rax
        mov     rdi, rsp                // TrapFrame*
        mov     rbx, rsp                // rbx is callee-saved: restores rsp after the call
        and     rsp, -16
        sub     rsp, 512
        fxsave  [rsp]
        cld
        mov     rax, [rip + trap_handler]
        test    rax, rax
        jz      no_handler
        call    rax
        fxrstor [rsp]
        mov     rsp, rbx
        add     rsp, 8                  // the fault address
        pop     rax
        pop     rbx
        pop     rcx
        pop     rdx
        pop     rsi
        pop     rdi
        pop     rbp
        pop     r8
        pop     r9
        pop     r10
        pop     r11
        pop     r12
        pop     r13
        pop     r14
        pop     r15
        add     rsp, 16                 // vector and error code
        iretq

no_handler:                             // a trap before the kernel could take it: nothing to report with
        cli
        hlt
        jmp     no_handler

        .globl helios_x64_set_trap_handler
helios_x64_set_trap_handler:            // (void (*handler)(X64TrapFrame*))
        mov     [rip + trap_handler], rdi
        ret

        .bss
        .balign 8
trap_handler:   .quad 0

// The stub addresses, for building the IDT (Idt.cs).
        .section .rodata
        .balign 8
        .globl helios_x64_trap_stubs
helios_x64_trap_stubs:
        .set vec, 0
        .rept 256
        TRAP_STUB_ADDRESS %vec
        .set vec, vec + 1
        .endr

        .section .note.GNU-stack, "", @progbits
