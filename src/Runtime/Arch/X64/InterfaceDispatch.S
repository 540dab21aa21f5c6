// First call through an interface dispatch cell (ilc's contract: r11 = cell, arguments as for the target).
// Saves every argument register, asks RhpCidResolve(this, cell) for the target, restores and jumps to it.
        .intel_syntax noprefix
        .text
        .globl RhpInitialDynamicInterfaceDispatch
RhpInitialDynamicInterfaceDispatch:
        push    rbp
        mov     rbp, rsp
        push    rdi
        push    rsi
        push    rdx
        push    rcx
        push    r8
        push    r9
        sub     rsp, 8*16               // xmm0-7; with rbp and six pushes rsp is 16-byte aligned for the call
        movdqu  [rsp + 0*16], xmm0
        movdqu  [rsp + 1*16], xmm1
        movdqu  [rsp + 2*16], xmm2
        movdqu  [rsp + 3*16], xmm3
        movdqu  [rsp + 4*16], xmm4
        movdqu  [rsp + 5*16], xmm5
        movdqu  [rsp + 6*16], xmm6
        movdqu  [rsp + 7*16], xmm7
        mov     rsi, r11                // rdi already holds `this`
        call    RhpCidResolve
        mov     r11, rax
        movdqu  xmm0, [rsp + 0*16]
        movdqu  xmm1, [rsp + 1*16]
        movdqu  xmm2, [rsp + 2*16]
        movdqu  xmm3, [rsp + 3*16]
        movdqu  xmm4, [rsp + 4*16]
        movdqu  xmm5, [rsp + 5*16]
        movdqu  xmm6, [rsp + 6*16]
        movdqu  xmm7, [rsp + 7*16]
        add     rsp, 8*16
        pop     r9
        pop     r8
        pop     rcx
        pop     rdx
        pop     rsi
        pop     rdi
        pop     rbp
        jmp     r11

        .section .note.GNU-stack, "", @progbits
