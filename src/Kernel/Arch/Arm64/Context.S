// Thread context switch and the per-CPU block pointer (Threading/Scheduler.cs, Cpus/CpuBlock.cs).
// A switched-out thread's stack holds x19-x30 and d8-d15 (AAPCS64's callee-saved registers); its stack pointer is
// saved in the Thread. An interrupted thread's other registers are on its stack in its trap frame.
        .text

// void helios_switch_context(ulong* saveStackPointer, ulong newStackPointer)
        .globl helios_switch_context
helios_switch_context:
        sub     sp, sp, #160
        stp     x19, x20, [sp, #0]
        stp     x21, x22, [sp, #16]
        stp     x23, x24, [sp, #32]
        stp     x25, x26, [sp, #48]
        stp     x27, x28, [sp, #64]
        stp     x29, x30, [sp, #80]
        stp     d8, d9, [sp, #96]
        stp     d10, d11, [sp, #112]
        stp     d12, d13, [sp, #128]
        stp     d14, d15, [sp, #144]
        mov     x9, sp
        str     x9, [x0]
        mov     sp, x1
        ldp     x19, x20, [sp, #0]
        ldp     x21, x22, [sp, #16]
        ldp     x23, x24, [sp, #32]
        ldp     x25, x26, [sp, #48]
        ldp     x27, x28, [sp, #64]
        ldp     x29, x30, [sp, #80]
        ldp     d8, d9, [sp, #96]
        ldp     d10, d11, [sp, #112]
        ldp     d12, d13, [sp, #128]
        ldp     d14, d15, [sp, #144]
        add     sp, sp, #160
        ret

// Where a new thread's first switch returns to (Thread.PrepareStack puts the Thread in x19): call the managed
// helios_thread_main(thread), which never returns.
        .globl helios_thread_trampoline
helios_thread_trampoline:
        mov     x0, x19
        mov     x29, xzr                // the end of the frame chain for debuggers
        bl      helios_thread_main
        brk     #0

        .globl helios_thread_trampoline_address
helios_thread_trampoline_address:
        adr     x0, helios_thread_trampoline
        ret

// The per-CPU block (Cpus/CpuBlock.cs) is in TPIDR_EL1.
        .globl helios_cpu_block
helios_cpu_block:
        mrs     x0, tpidr_el1
        ret

        .globl helios_set_cpu_block
helios_set_cpu_block:
        msr     tpidr_el1, x0
        ret

        .section .note.GNU-stack, "", %progbits
