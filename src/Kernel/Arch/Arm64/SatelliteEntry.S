// arm64 satellite kernels start here (docs/multikernel.md): the coordinator placed this image in the satellite's
// domain, relocated it, cleaned it to the point of coherency and started the domain's first CPU with PSCI CPU_ON:
// EL1, MMU and caches off, x0 = the boot block. We do what Boot.S does for the coordinator, position independent
// (adrp/add, never an absolute address): vectors, FP/SIMD, our own identity map (RAM from 1 GiB to 256 GiB as Normal
// memory, since the machine page and the boot bundle are in other domains' RAM; the first GiB as Device), the MMU on,
// our boot stack, and helios_satellite_kernel_entry(boot block, &layout). The layout (Internal.Runtime.ImageLayout)
// is filled in here rather than by the linker script: data a linker script writes gets no dynamic relocation.
// The coordinator cleared our BSS when it placed the image.
#include "Translation.inc"

// x = the address of symbol, from the PC (the image runs wherever the coordinator put it).
        .macro  address_of reg, symbol
        adrp    \reg, \symbol
        add     \reg, \reg, :lo12:\symbol
        .endm

// Drops the cache lines of [start, end) (registers; both clobbered, x9 too) without writing them back: what this
// CPU wrote with its MMU off went to memory, and a line another CPU left (or speculation fetched) must not hide it.
        .macro  invalidate_lines start, end
        mrs     x9, ctr_el0
        ubfx    x9, x9, #16, #4         // DminLine: log2 of the smallest data cache line, in words
        mov     x10, #4
        lsl     x9, x10, x9
        sub     x10, x9, #1
        bic     \start, \start, x10
1:      dc      ivac, \start
        add     \start, \start, x9
        cmp     \start, \end
        b.lo    1b
        dsb     sy
        .endm

        .section .text.satellite, "ax"
        .globl helios_satellite_entry
helios_satellite_entry:
        mov     x19, x0                 // the boot block
        install_vectors_and_fp x1

        // Before and after writing the tables: stale lines of them must not be written back over, or read instead.
        address_of x1, satellite_level0
        address_of x2, satellite_tables_end
        invalidate_lines x1, x2

        address_of x1, satellite_level1
        identity_map_level1 x1
        address_of x3, satellite_level0
        orr     x2, x1, #TABLE
        str     x2, [x3]                // level 0 entry 0 covers the first 512 GiB

        address_of x1, satellite_level0
        address_of x2, satellite_tables_end
        invalidate_lines x1, x2
        ic      iallu                   // no stale instructions of whatever ran here before the coordinator wrote us
        dsb     ish
        isb
        address_of x3, satellite_level0
        enable_translation x3

        address_of x1, boot_stack_top
        mov     sp, x1
        address_of x1, satellite_layout
        address_of x2, __modules_start
        address_of x3, __modules_end
        stp     x2, x3, [x1, #0]
        address_of x2, __helios_symbols_start
        address_of x3, __helios_symbols_end
        stp     x2, x3, [x1, #16]
        address_of x2, __image_start
        address_of x3, __image_end
        stp     x2, x3, [x1, #32]
        address_of x2, __early_heap_start
        address_of x3, __early_heap_end
        stp     x2, x3, [x1, #48]
        address_of x2, __eh_frame_hdr_start
        address_of x3, __eh_frame_hdr_end
        stp     x2, x3, [x1, #64]
        address_of x2, boot_stack
        address_of x3, boot_stack_top
        stp     x2, x3, [x1, #80]

        mov     x0, x19
        bl      helios_satellite_kernel_entry
6:      wfe
        b       6b

        .bss
        .balign 8
satellite_layout: .skip 12 * 8          // Internal.Runtime.ImageLayout
        .balign 4096
satellite_level0: .skip 4096
satellite_level1: .skip 4096
satellite_tables_end:
        .balign 4096
boot_stack_guard: .skip 4096            // unmapped by the kernel's page tables: an overflow faults
boot_stack:     .skip 256 * 1024        // the first CPU's stack until it runs threads
boot_stack_top:
        .globl boot_stack, boot_stack_top

        .section .note.GNU-stack, "", %progbits
