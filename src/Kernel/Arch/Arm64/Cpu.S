// The arm64 instructions C# cannot express, one small function each (bound by RuntimeImport in Cpu.cs).
        .text

// Semihosting call (QEMU -semihosting): x0 = operation, x1 = parameter block. Returns x0.
        .globl helios_arm64_semihost
helios_arm64_semihost:
        hlt     #0xF000
        ret

        .globl helios_arm64_unmap_low_pages
helios_arm64_unmap_low_pages:           // (int count): clears boot_level3[0..count) and flushes the TLB
        mov     w0, w0                  // zero-extend count
        ldr     x1, =boot_level3
        mov     x2, #0
1:      cmp     x2, x0
        b.hs    2f
        str     xzr, [x1, x2, lsl #3]
        add     x2, x2, #1
        b       1b
2:      dsb     ishst
        tlbi    vmalle1
        dsb     ish
        isb
        ret

        .globl helios_arm64_halt_forever
helios_arm64_halt_forever:
        msr     daifset, #0xF
1:      wfi
        b       1b

        .globl helios_arm64_read_cntvct
helios_arm64_read_cntvct:
        isb
        mrs     x0, cntvct_el0
        ret

        .globl helios_arm64_read_cntfrq
helios_arm64_read_cntfrq:
        mrs     x0, cntfrq_el0
        ret

        .globl helios_arm64_read_currentel
helios_arm64_read_currentel:
        mrs     x0, CurrentEL
        ret

        .globl helios_arm64_read_sctlr
helios_arm64_read_sctlr:
        mrs     x0, sctlr_el1
        ret

// An undefined instruction: used by the test harness to prove that unhandled CPU exceptions panic.
        .globl helios_arm64_undefined_instruction
helios_arm64_undefined_instruction:
        udf     #0
        ret

// Power off through PSCI SYSTEM_OFF: QEMU exits with status 0, as a guest that dies without reporting would.
        .globl helios_arm64_system_off
helios_arm64_system_off:
        ldr     x0, =0x84000008
        hvc     #0
        b       helios_arm64_system_off

        .section .note.GNU-stack, "", %progbits
