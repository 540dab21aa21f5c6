// arm64 boot on QEMU's virt machine: QEMU loads the ELF and enters _start at EL1 with the MMU off (x0 = the device
// tree, or 0 for a non-Linux image). We install the exception vectors, enable FP/SIMD, clear BSS, map memory (RAM as
// Normal, everything else as Device), turn the MMU and caches on, and call the kernel's managed entry:
// helios_kernel_entry(device tree, &helios_image_layout).

#define CPACR_FPEN_ALL      (3 << 20)
#define SCTLR_M             (1 << 0)
#define SCTLR_A             (1 << 1)
#define SCTLR_C             (1 << 2)
#define SCTLR_SA            (1 << 3)
#define SCTLR_I             (1 << 12)

// MAIR: attribute 0 = Device-nGnRnE, attribute 1 = Normal write-back cacheable.
#define MAIR_VALUE          0xFF00
// TCR: 48-bit VA (T0SZ=16, walks start at level 0, as on x86_64), 4 KiB granule, inner-shareable write-back walks,
// 40-bit PA, TTBR1 walks disabled. The kernel's own tables (Memory/AddressSpace.cs) keep this TCR.
#define TCR_VALUE           ((16 << 0) | (1 << 8) | (1 << 10) | (3 << 12) | (1 << 23) | (2 << 32))
// Level-1 block descriptors (1 GiB): valid block, access flag, attribute index.
#define BLOCK_DEVICE        ((1 << 0) | (1 << 10) | (0 << 2) | (1 << 54) | (1 << 53))
#define BLOCK_NORMAL        ((1 << 0) | (1 << 10) | (1 << 2) | (3 << 8))
// Table descriptors end in 0b11.
#define TABLE               (3 << 0)
// virt's RAM starts at 1 GiB; the 256 GiB and above are high PCIe MMIO.
#define RAM_FIRST_GIB       1
#define RAM_LAST_GIB        255

        .section .text.boot, "ax"
        .globl _start
_start:
        mrs     x1, mpidr_el1
        ldr     x2, =0xFF00FFFFFF       // Aff3..Aff0: the boot CPU is the one at affinity 0.0.0.0
        and     x1, x1, x2
        cbnz    x1, park                // only CPU 0 boots; others wait for the SMP issue's PSCI CPU_ON
        mov     x19, x0                 // device tree (or 0)

        adr     x1, helios_arm64_vectors
        msr     vbar_el1, x1
        mov     x1, #CPACR_FPEN_ALL
        msr     cpacr_el1, x1
        isb

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

        // A level-1 table of 512 blocks of 1 GiB, identity mapped, under one level-0 entry.
        ldr     x1, =boot_level1
        mov     x2, #0                  // GiB index
3:      lsl     x3, x2, #30
        cmp     x2, #RAM_FIRST_GIB
        b.lo    4f
        cmp     x2, #RAM_LAST_GIB
        b.hi    4f
        ldr     x4, =BLOCK_NORMAL
        b       5f
4:      ldr     x4, =BLOCK_DEVICE
5:      orr     x3, x3, x4
        str     x3, [x1, x2, lsl #3]
        add     x2, x2, #1
        cmp     x2, #512
        b.lo    3b

        ldr     x1, =MAIR_VALUE
        msr     mair_el1, x1
        ldr     x1, =TCR_VALUE
        msr     tcr_el1, x1
        ldr     x1, =boot_level0
        ldr     x2, =boot_level1
        orr     x2, x2, #TABLE
        str     x2, [x1]                // level 0 entry 0 covers the first 512 GiB
        msr     ttbr0_el1, x1
        dsb     ish
        tlbi    vmalle1
        dsb     ish
        isb
        mrs     x1, sctlr_el1
        ldr     x2, =(SCTLR_M | SCTLR_C | SCTLR_I)
        orr     x1, x1, x2
        ldr     x2, =(SCTLR_A | SCTLR_SA)
        bic     x1, x1, x2
        msr     sctlr_el1, x1
        isb

        mov     x0, x19
        ldr     x1, =helios_image_layout
        bl      helios_kernel_entry
park:
        wfe
        b       park

// Secondary CPUs arrive here from PSCI CPU_ON (Arch/Arm64/Psci.cs), MMU off, with x0 = their start block:
// { u64 page table, u64 stack top, u64 CPU index }. Same vectors, FP/SIMD, memory attributes and translation
// as the boot CPU (the kernel's page table, not the boot one), then helios_ap_entry(index) on that stack.
        .globl helios_arm64_secondary_entry
helios_arm64_secondary_entry:
        adr     x1, helios_arm64_vectors
        msr     vbar_el1, x1
        mov     x1, #CPACR_FPEN_ALL
        msr     cpacr_el1, x1
        isb
        ldr     x1, =MAIR_VALUE
        msr     mair_el1, x1
        ldr     x1, =TCR_VALUE
        msr     tcr_el1, x1
        ldr     x1, [x0]
        msr     ttbr0_el1, x1
        dsb     ish
        tlbi    vmalle1
        dsb     ish
        isb
        mrs     x1, sctlr_el1
        ldr     x2, =(SCTLR_M | SCTLR_C | SCTLR_I)
        orr     x1, x1, x2
        ldr     x2, =(SCTLR_A | SCTLR_SA)
        bic     x1, x1, x2
        msr     sctlr_el1, x1
        isb
        ldr     x1, [x0, #8]
        mov     sp, x1
        ldr     x0, [x0, #16]
        bl      helios_ap_entry
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
