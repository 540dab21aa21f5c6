// The x86_64 instructions C# cannot express, one small function each (bound by RuntimeImport in Instructions.cs).
        .intel_syntax noprefix
        .text

// The portable interrupt controls (Arch/Processor.cs). State is RFLAGS.IF.
        .globl helios_interrupts_disable
helios_interrupts_disable:
        pushfq
        pop     rax
        cli
        and     eax, 0x200
        ret

        .globl helios_interrupts_restore
helios_interrupts_restore:
        test    edi, 0x200
        jz      1f
        sti
1:      ret

        .globl helios_interrupts_enable
helios_interrupts_enable:
        sti
        ret

        .globl helios_interrupts_enabled
helios_interrupts_enabled:
        pushfq
        pop     rax
        shr     eax, 9
        and     eax, 1
        ret

        .globl helios_cpu_idle
helios_cpu_idle:                        // sti takes effect after hlt starts: no wake-up is lost
        sti
        hlt
        cli
        ret

        .globl helios_read_counter
helios_read_counter:
        rdtsc
        shl     rdx, 32
        or      rax, rdx
        ret

        .globl helios_cpu_relax
helios_cpu_relax:
        pause
        ret

        .globl helios_x64_outb
helios_x64_outb:                        // (ushort port, byte value)
        mov     edx, edi
        mov     eax, esi
        out     dx, al
        ret

        .globl helios_x64_inb
helios_x64_inb:                         // (ushort port) -> byte
        mov     edx, edi
        xor     eax, eax
        in      al, dx
        ret

        .globl helios_x64_outl
helios_x64_outl:                        // (ushort port, uint value)
        mov     edx, edi
        mov     eax, esi
        out     dx, eax
        ret

        .globl helios_x64_inl
helios_x64_inl:                         // (ushort port) -> uint
        mov     edx, edi
        in      eax, dx
        ret

        .globl helios_x64_halt_forever
helios_x64_halt_forever:
        cli
1:      hlt
        jmp     1b

        .globl helios_x64_read_cr0
helios_x64_read_cr0:
        mov     rax, cr0
        ret

        .globl helios_x64_read_cr3
helios_x64_read_cr3:
        mov     rax, cr3
        ret

        .globl helios_x64_write_cr3
helios_x64_write_cr3:                   // (ulong): also flushes the non-global TLB entries
        mov     cr3, rdi
        ret

        .globl helios_x64_invlpg
helios_x64_invlpg:                      // (ulong address)
        invlpg  [rdi]
        ret

        .globl helios_x64_initial_apic_id
helios_x64_initial_apic_id:
        push    rbx
        mov     eax, 1
        cpuid
        mov     eax, ebx
        shr     eax, 24
        pop     rbx
        ret

        .globl helios_x64_load_gdt
helios_x64_load_gdt:                    // (void* gdtr, ushort tss selector)
        lgdt    [rdi]
        push    0x08
        lea     rax, [rip + 1f]
        push    rax
        retfq
1:      mov     ax, 0x10
        mov     ds, ax
        mov     es, ax
        mov     ss, ax
        ltr     si
        ret

        .globl helios_x64_lidt
helios_x64_lidt:                        // (void* idtr: 2-byte limit, 8-byte base)
        lidt    [rdi]
        ret

        .globl helios_x64_rdtsc
helios_x64_rdtsc:                       // -> ulong
        rdtsc
        shl     rdx, 32
        or      rax, rdx
        ret

        .globl helios_x64_ud2
helios_x64_ud2:
        ud2
        ret

        .globl helios_x64_trap_stub_table
helios_x64_trap_stub_table:             // -> ulong* (Traps.S)
        lea     rax, [rip + helios_x64_trap_stubs]
        ret

// Load an empty IDT and trap: the CPU cannot deliver the exception and resets (a triple fault). Used only to
// prove that the test harness notices a guest that dies without reporting.
        .globl helios_x64_triple_fault
helios_x64_triple_fault:
        lidt    [rip + empty_idtr]
        int3
        jmp     helios_x64_triple_fault

        .section .rodata
        .balign 8
empty_idtr:
        .word   0
        .quad   0

        .section .note.GNU-stack, "", @progbits
