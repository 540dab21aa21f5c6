// Thread context switch and the per-CPU block pointer (Threading/Scheduler.cs, Cpus/CpuBlock.cs).
// A switched-out thread's stack holds rbp, rbx, r12-r15 and the return address; its stack pointer is saved in the
// Thread. SSE state needs no saving here: the System V ABI makes it caller-saved, and an interrupted thread's is
// on its stack in its trap frame.
        .intel_syntax noprefix
        .text

// void helios_switch_context(ulong* saveStackPointer, ulong newStackPointer)
        .globl helios_switch_context
helios_switch_context:
        push    rbp
        push    rbx
        push    r12
        push    r13
        push    r14
        push    r15
        mov     [rdi], rsp
        mov     rsp, rsi
        pop     r15
        pop     r14
        pop     r13
        pop     r12
        pop     rbx
        pop     rbp
        ret

// Where a new thread's first switch returns to (Thread.PrepareStack puts the Thread in rbx): call the managed
// helios_thread_main(thread), which never returns.
        .globl helios_thread_trampoline
helios_thread_trampoline:
        mov     rdi, rbx
        xor     ebp, ebp                // the end of the frame chain for debuggers
        call    helios_thread_main
        ud2

        .globl helios_thread_trampoline_address
helios_thread_trampoline_address:
        lea     rax, [rip + helios_thread_trampoline]
        ret

// The per-CPU block (Cpus/CpuBlock.cs) is at GS base; its first word points at itself.
        .globl helios_cpu_block
helios_cpu_block:
        mov     rax, gs:[0]
        ret

        .globl helios_set_cpu_block
helios_set_cpu_block:                   // (CpuBlock*): IA32_GS_BASE
        mov     ecx, 0xC0000101
        mov     eax, edi
        mov     rdx, rdi
        shr     rdx, 32
        wrmsr
        ret

        .section .note.GNU-stack, "", @progbits
