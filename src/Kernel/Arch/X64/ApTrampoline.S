// Application processors start here (Arch/X64/ApStartup.cs copies this page to TRAMPOLINE and sends INIT-SIPI-SIPI):
// in real mode at TRAMPOLINE, paging off. Into protected mode with a small GDT of its own, then long mode with the
// page table it is given, then to helios_ap_entry in the kernel image on the CPU's idle stack, or to another entry
// if one is given (a satellite kernel's first CPU: SatelliteEntry.S in the satellite's own image). The parameters
// (page table, stack, argument, entry) are written by the starting CPU into the page's last words. The page table may
// lie anywhere (a satellite's boot tables above 4 GiB), but a 32-bit mov to cr3 takes only 32 bits: long mode is entered
// on TRANSITION, tables the starting CPU wrote in the pages after this one that map the first 2 MiB, and the page
// table given is loaded from long mode, where it takes 64 bits (it maps this page too: the first 4 GiB, always).
        .intel_syntax noprefix

        .set TRAMPOLINE, 0x10000
        .set PARAMS, 0xFD8              // page offset of: u64 cr3, u64 stack, u64 argument, u64 started flag, u64 entry (0: helios_ap_entry)
        .set TRANSITION, 0x11000        // PML4, PDPT and page directory: ApStartup.cs writes them
#define CR0_PE          (1 << 0)
#define CR0_MP          (1 << 1)
#define CR0_EM          (1 << 2)
#define CR0_WP          (1 << 16)       // the kernel's writes honour read-only pages (another kernel's memory)
#define CR0_PG          (1 << 31)
#define CR4_PAE         (1 << 5)
#define CR4_OSFXSR      (1 << 9)
#define CR4_OSXMMEXCPT  (1 << 10)
#define MSR_EFER        0xC0000080
#define EFER_LME        (1 << 8)
#define ADDRESS(label)  (TRAMPOLINE + (label - helios_x64_ap_trampoline))

        .section .rodata
        .balign 16
        .globl helios_x64_ap_trampoline, helios_x64_ap_trampoline_end
helios_x64_ap_trampoline:
        .code16
        cli
        cld
        mov     ax, cs
        mov     ds, ax
        lgdt    [ap_gdt_pointer - helios_x64_ap_trampoline]
        mov     eax, cr0
        or      eax, CR0_PE
        mov     cr0, eax
        .byte   0x66, 0xEA              // ljmpl 0x08:ap_protected (32-bit offset from 16-bit code)
        .long   ADDRESS(ap_protected)
        .word   0x08

        .code32
ap_protected:
        mov     ax, 0x10
        mov     ds, ax
        mov     es, ax
        mov     ss, ax
        mov     eax, cr4
        or      eax, CR4_PAE | CR4_OSFXSR | CR4_OSXMMEXCPT
        mov     cr4, eax
        mov     eax, TRANSITION
        mov     cr3, eax
        mov     ecx, MSR_EFER
        rdmsr
        or      eax, EFER_LME
        wrmsr
        mov     eax, cr0
        and     eax, ~CR0_EM
        or      eax, CR0_PG | CR0_MP | CR0_WP
        mov     cr0, eax
        ljmp    0x18, ADDRESS(ap_long)

        .code64
ap_long:
        mov     rax, [TRAMPOLINE + PARAMS]
        mov     cr3, rax
        mov     rsp, [TRAMPOLINE + PARAMS + 8]
        mov     rdi, [TRAMPOLINE + PARAMS + 16]
        mov     qword ptr [TRAMPOLINE + PARAMS + 24], 1
        fninit
        push    0x1F80                  // MXCSR default: all SSE exceptions masked
        ldmxcsr [rsp]
        add     rsp, 8
        mov     rax, [TRAMPOLINE + PARAMS + 32]
        test    rax, rax
        jnz     2f
        mov     rax, [ADDRESS(ap_entry)]
2:      call    rax                     // never returns
1:      cli
        hlt
        jmp     1b

        .balign 8
ap_entry:
        .quad   helios_ap_entry         // a word of its own: a relocatable image's relocations patch aligned words
ap_gdt:
        .quad   0                       // null
        .quad   0x00CF9A000000FFFF      // 0x08: 32-bit code
        .quad   0x00CF92000000FFFF      // 0x10: data
        .quad   0x00AF9A000000FFFF      // 0x18: 64-bit code
ap_gdt_end:
ap_gdt_pointer:
        .word   ap_gdt_end - ap_gdt - 1
        .long   ADDRESS(ap_gdt)
helios_x64_ap_trampoline_end:

        .text
        .globl helios_x64_ap_trampoline_bounds
helios_x64_ap_trampoline_bounds:        // (byte** end) -> start
        lea     rax, [rip + helios_x64_ap_trampoline_end]
        mov     [rdi], rax
        lea     rax, [rip + helios_x64_ap_trampoline]
        ret

        .section .note.GNU-stack, "", @progbits
