// The arm64 instructions C# cannot express, one small function each (bound by RuntimeImport in Instructions.cs).
        .text

// Semihosting call (QEMU -semihosting): x0 = operation, x1 = parameter block. Returns x0.
// The portable interrupt controls (Arch/Processor.cs). State is DAIF; only IRQs (the I bit) are used.
        .globl helios_interrupts_disable
helios_interrupts_disable:
        mrs     x0, daif
        msr     daifset, #2
        ret

        .globl helios_interrupts_restore
helios_interrupts_restore:
        msr     daif, x0
        ret

        .globl helios_interrupts_enable
helios_interrupts_enable:
        msr     daifclr, #2
        ret

        .globl helios_interrupts_enabled
helios_interrupts_enabled:
        mrs     x0, daif
        ubfx    x0, x0, #7, #1
        eor     x0, x0, #1
        ret

        .globl helios_cpu_idle
helios_cpu_idle:                        // a pending interrupt ends wfi even while masked; unmask to take it
        dsb     sy
        wfi
        msr     daifclr, #2
        isb
        msr     daifset, #2
        ret

        .globl helios_read_counter
helios_read_counter:
        isb
        mrs     x0, cntvct_el0
        ret

        .globl helios_cpu_relax
helios_cpu_relax:
        yield
        ret

        .globl helios_arm64_semihost
helios_arm64_semihost:
        hlt     #0xF000
        ret

        .globl helios_arm64_set_ttbr0
helios_arm64_set_ttbr0:                 // (ulong root)
        dsb     ishst                   // the new tables' writes before the walker sees them
        msr     ttbr0_el1, x0
        isb
        tlbi    vmalle1
        dsb     ish
        isb
        ret

        .globl helios_arm64_tlb_flush_all
helios_arm64_tlb_flush_all:
        dsb     ishst
        tlbi    vmalle1is
        dsb     ish
        isb
        ret

        .globl helios_arm64_tlb_flush_page
helios_arm64_tlb_flush_page:            // (ulong address)
        dsb     ishst
        lsr     x0, x0, #12
        tlbi    vaae1is, x0
        dsb     ish
        isb
        ret

        .globl helios_arm64_write_cntv_cval
helios_arm64_write_cntv_cval:
        msr     cntv_cval_el0, x0
        isb
        ret

        .globl helios_arm64_read_cntv_cval
helios_arm64_read_cntv_cval:
        mrs     x0, cntv_cval_el0
        ret

        .globl helios_arm64_write_cntv_ctl
helios_arm64_write_cntv_ctl:
        msr     cntv_ctl_el0, x0
        isb
        ret

        .globl helios_arm64_read_mpidr
helios_arm64_read_mpidr:
        mrs     x0, mpidr_el1
        ldr     x1, =0xFF00FFFFFF
        and     x0, x0, x1
        ret

        .globl helios_arm64_psci_hvc
helios_arm64_psci_hvc:                  // (function, a1, a2, a3) -> x0 (PSCI over HVC)
        hvc     #0
        ret

        .globl helios_arm64_psci_smc
helios_arm64_psci_smc:                  // (function, a1, a2, a3) -> x0 (PSCI over SMC)
        smc     #0
        ret

        .globl helios_arm64_clean_dcache
helios_arm64_clean_dcache:              // (address, size): to the point of coherency, for a CPU with its MMU off
        add     x1, x1, x0
        bic     x0, x0, #63
1:      dc      civac, x0
        add     x0, x0, #64
        cmp     x0, x1
        b.lo    1b
        dsb     sy
        ret

        .globl helios_arm64_secondary_entry_address
helios_arm64_secondary_entry_address:
        adr     x0, helios_arm64_secondary_entry
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
