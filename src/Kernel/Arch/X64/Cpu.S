// The x86_64 instructions C# cannot express, one small function each (bound by RuntimeImport in Cpu.cs).
        .intel_syntax noprefix
        .text

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

        .globl helios_x64_unmap_low_pages
helios_x64_unmap_low_pages:             // (int count): clears boot_pt0[0..count) and flushes the TLB
        lea     rax, [rip + boot_pt0]
        xor     ecx, ecx
1:      cmp     ecx, edi
        jae     2f
        mov     qword ptr [rax + rcx * 8], 0
        inc     ecx
        jmp     1b
2:      mov     rax, cr3
        mov     cr3, rax
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
