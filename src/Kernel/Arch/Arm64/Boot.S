// arm64 boot on QEMU's virt machine: QEMU loads the ELF and enters _start at EL1 with the MMU off (x0 = the device
// tree, or 0 for a non-Linux image). We install the exception vectors, enable FP/SIMD, clear BSS, map memory (RAM as
// Normal, everything else as Device), turn the MMU and caches on, and call the kernel's managed entry:
// helios_kernel_entry(device tree, &helios_image_layout). Other CPUs enter at SecondaryEntry.S.
#include "Translation.inc"

        .section .text.boot, "ax"
        .globl _start
_start:
        mrs     x1, mpidr_el1
        ldr     x2, =0xFF00FFFFFF       // Aff3..Aff0: the boot CPU is the one at affinity 0.0.0.0
        and     x1, x1, x2
        cbnz    x1, park                // only CPU 0 boots; the others wait for PSCI CPU_ON
        mov     x19, x0                 // device tree (or 0)

        install_vectors_and_fp x1

        // Clear BSS with aligned stores (the MMU is off: all memory is Device, no unaligned access).
        ldr     x1, =__bss_start
        ldr     x2, =__bss_end
1:      cmp     x1, x2
        b.hs    2f
        stp     xzr, xzr, [x1], #16
        b       1b
2:
        ldr     x1, =boot_stack_top
        mov     sp, x1

        ldr     x1, =boot_level1
        identity_map_level1 x1

        ldr     x3, =boot_level0
        ldr     x2, =boot_level1
        orr     x2, x2, #TABLE
        str     x2, [x3]                // level 0 entry 0 covers the first 512 GiB
        enable_translation x3

        mov     x0, x19
        ldr     x1, =helios_image_layout
        bl      helios_kernel_entry
park:
        wfe
        b       park

        .bss
        .balign 4096
boot_level0:    .skip 4096
boot_level1:    .skip 4096
        .balign 4096
boot_stack_guard: .skip 4096            // unmapped by the kernel's page tables: an overflow faults
boot_stack:     .skip 256 * 1024        // the boot CPU's stack until it runs threads
boot_stack_top:
        .globl boot_stack, boot_stack_top

        .section .note.GNU-stack, "", %progbits
