// Secondary CPUs arrive here from PSCI CPU_ON (Arch/Arm64/Psci.cs), MMU off, with x0 = their start block:
// { u64 page table, u64 stack top, u64 CPU index }. Same vectors, FP/SIMD, memory attributes and translation
// as the kernel's first CPU (the kernel's page table, not the boot one), then helios_ap_entry(index) on that stack.
// In both links of the kernel (the coordinator's and a satellite's: docs/multikernel.md), so position independent.
#include "Translation.inc"

        .text
        .globl helios_arm64_secondary_entry
helios_arm64_secondary_entry:
        install_vectors_and_fp x1
        ldr     x3, [x0]
        enable_translation x3
        ldr     x1, [x0, #8]
        mov     sp, x1
        ldr     x0, [x0, #16]
        bl      helios_ap_entry
1:      wfe
        b       1b

        .section .note.GNU-stack, "", %progbits
