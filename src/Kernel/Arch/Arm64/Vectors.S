// Exception vectors (VBAR_EL1): sixteen 128-byte entries, {current EL with SP0, current EL with SPx, lower EL
// AArch64, lower EL AArch32} x {synchronous, IRQ, FIQ, SError}. Each saves a TrapFrame (Arm64TrapFrame.cs) and calls
// the handler the kernel registered (ExceptionVectors.cs) with (frame, entry index); returning from it resumes the
// interrupted code.
#define FRAME_SIZE  (36 * 8)            // x0-x30, sp, elr, spsr, esr, far
#define STACK_NEEDED (FRAME_SIZE + 512 + 64)    // the frame, the FP/SIMD registers, some slack
#define CPU_STACK_LIMIT     16          // Cpus/CpuBlock.cs
#define CPU_EMERGENCY_STACK 24
#define CPU_SCRATCH0        32
#define CPU_SCRATCH1        40
#define STACK_OVERFLOW      0x100       // added to the entry index: the handler reports an overflow

        .macro VECTOR index
        .balign 128
        // Before anything is stored: is there room on this stack? An exception on an overflowed thread stack
        // would otherwise fault again at every store, forever (the per-CPU block's StackLimit; 0: unknown).
        msr     tpidr_el0, x0           // EL0's thread registers serve as scratch: the kernel has no EL0
        mrs     x0, tpidr_el1
        cbz     x0, 1f
        ldr     x0, [x0, #CPU_STACK_LIMIT]
        cbz     x0, 1f
        msr     tpidrro_el0, x1
        mov     x1, sp
        sub     x1, x1, #STACK_NEEDED
        cmp     x1, x0
        mrs     x1, tpidrro_el0
        b.hs    1f
        mov     x0, #\index
        b       stack_overflow
1:      mrs     x0, tpidr_el0
        sub     sp, sp, #FRAME_SIZE
        stp     x0, x1, [sp, #0]
        mov     x1, #\index
        b       trap_common
        .endm

        .text
        .balign 2048
        .globl helios_arm64_vectors
helios_arm64_vectors:
        VECTOR 0
        VECTOR 1
        VECTOR 2
        VECTOR 3
        VECTOR 4
        VECTOR 5
        VECTOR 6
        VECTOR 7
        VECTOR 8
        VECTOR 9
        VECTOR 10
        VECTOR 11
        VECTOR 12
        VECTOR 13
        VECTOR 14
        VECTOR 15

// The stack ran out: continue on the CPU's emergency stack, keeping the overflowed stack pointer in Scratch1.
stack_overflow:                         // x0 = entry index, x1 restored, the original x0 in tpidr_el0
        msr     tpidrro_el0, x1
        mrs     x1, tpidr_el1
        str     x0, [x1, #CPU_SCRATCH0]
        mov     x0, sp
        str     x0, [x1, #CPU_SCRATCH1]
        ldr     x0, [x1, #CPU_EMERGENCY_STACK]
        mov     sp, x0
        sub     sp, sp, #FRAME_SIZE
        mrs     x0, tpidr_el0
        mrs     x1, tpidrro_el0
        stp     x0, x1, [sp, #0]
        mrs     x1, tpidr_el1
        ldr     x1, [x1, #CPU_SCRATCH0]
        orr     x1, x1, #STACK_OVERFLOW
        b       trap_common

trap_common:
        stp     x2, x3, [sp, #16]
        stp     x4, x5, [sp, #32]
        stp     x6, x7, [sp, #48]
        stp     x8, x9, [sp, #64]
        stp     x10, x11, [sp, #80]
        stp     x12, x13, [sp, #96]
        stp     x14, x15, [sp, #112]
        stp     x16, x17, [sp, #128]
        stp     x18, x19, [sp, #144]
        stp     x20, x21, [sp, #160]
        stp     x22, x23, [sp, #176]
        stp     x24, x25, [sp, #192]
        stp     x26, x27, [sp, #208]
        stp     x28, x29, [sp, #224]
        add     x2, sp, #FRAME_SIZE
        stp     x30, x2, [sp, #240]     // lr, sp before the exception
        mrs     x2, elr_el1
        mrs     x3, spsr_el1
        stp     x2, x3, [sp, #256]
        mrs     x2, esr_el1
        mrs     x3, far_el1
        stp     x2, x3, [sp, #272]
        // Keep the interrupted code's FP/SIMD registers: the managed handler uses them freely.
        sub     sp, sp, #512
        stp     q0, q1, [sp, #0]
        stp     q2, q3, [sp, #32]
        stp     q4, q5, [sp, #64]
        stp     q6, q7, [sp, #96]
        stp     q8, q9, [sp, #128]
        stp     q10, q11, [sp, #160]
        stp     q12, q13, [sp, #192]
        stp     q14, q15, [sp, #224]
        stp     q16, q17, [sp, #256]
        stp     q18, q19, [sp, #288]
        stp     q20, q21, [sp, #320]
        stp     q22, q23, [sp, #352]
        stp     q24, q25, [sp, #384]
        stp     q26, q27, [sp, #416]
        stp     q28, q29, [sp, #448]
        stp     q30, q31, [sp, #480]
        add     x0, sp, #512            // TrapFrame*; x1 = vector index
        adrp    x2, trap_handler
        ldr     x2, [x2, :lo12:trap_handler]
        cbz     x2, no_handler
        blr     x2
        ldp     q0, q1, [sp, #0]
        ldp     q2, q3, [sp, #32]
        ldp     q4, q5, [sp, #64]
        ldp     q6, q7, [sp, #96]
        ldp     q8, q9, [sp, #128]
        ldp     q10, q11, [sp, #160]
        ldp     q12, q13, [sp, #192]
        ldp     q14, q15, [sp, #224]
        ldp     q16, q17, [sp, #256]
        ldp     q18, q19, [sp, #288]
        ldp     q20, q21, [sp, #320]
        ldp     q22, q23, [sp, #352]
        ldp     q24, q25, [sp, #384]
        ldp     q26, q27, [sp, #416]
        ldp     q28, q29, [sp, #448]
        ldp     q30, q31, [sp, #480]
        add     sp, sp, #512
        ldp     x2, x3, [sp, #256]
        msr     elr_el1, x2
        msr     spsr_el1, x3
        ldp     x2, x3, [sp, #16]
        ldp     x4, x5, [sp, #32]
        ldp     x6, x7, [sp, #48]
        ldp     x8, x9, [sp, #64]
        ldp     x10, x11, [sp, #80]
        ldp     x12, x13, [sp, #96]
        ldp     x14, x15, [sp, #112]
        ldp     x16, x17, [sp, #128]
        ldp     x18, x19, [sp, #144]
        ldp     x20, x21, [sp, #160]
        ldp     x22, x23, [sp, #176]
        ldp     x24, x25, [sp, #192]
        ldp     x26, x27, [sp, #208]
        ldp     x28, x29, [sp, #224]
        ldr     x30, [sp, #240]
        ldp     x0, x1, [sp, #0]
        add     sp, sp, #FRAME_SIZE
        eret

no_handler:                             // an exception before the kernel could take it: nothing to report with
        msr     daifset, #0xF
1:      wfi
        b       1b

        .globl helios_arm64_set_trap_handler
helios_arm64_set_trap_handler:          // (void (*handler)(Arm64TrapFrame*, ulong))
        adrp    x1, trap_handler
        str     x0, [x1, :lo12:trap_handler]
        ret

        .bss
        .balign 8
trap_handler:   .quad 0

        .section .note.GNU-stack, "", %progbits
