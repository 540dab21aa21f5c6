// x86_64 boot: QEMU loads the ELF and, finding the PVH note, enters pvh_entry32 in 32-bit protected mode with paging
// off and ebx = the hvm_start_info. We clear BSS, identity-map the first 4 GiB with 2 MiB pages, turn on long mode
// and SSE, and call the kernel's managed entry: helios_kernel_entry(start_info, &helios_image_layout).
        .intel_syntax noprefix

#define CR0_MP          (1 << 1)
#define CR0_EM          (1 << 2)
#define CR0_WP          (1 << 16)       // the kernel's writes honour read-only pages (another kernel's memory)
#define CR0_PG          (1 << 31)
#define CR4_PAE         (1 << 5)
#define CR4_OSFXSR      (1 << 9)
#define CR4_OSXMMEXCPT  (1 << 10)
#define MSR_EFER        0xC0000080
#define EFER_LME        (1 << 8)
#define PAGE_PRESENT_RW 0x3
#define PAGE_HUGE       0x80

// PVH ELF note (Xen's XEN_ELFNOTE_PHYS32_ENTRY = 18): where a PVH loader enters us.
        .section .note.Xen, "a", @note
        .balign 4
        .long   4                       // name size ("Xen\0")
        .long   8                       // descriptor size
        .long   18                      // XEN_ELFNOTE_PHYS32_ENTRY
        .asciz  "Xen"
        .balign 4
        .quad   pvh_entry32

        .section .text.boot, "ax"
        .code32
        .globl pvh_entry32
pvh_entry32:
        cli
        cld
        mov     esi, ebx                // keep the start_info pointer

        // Clear BSS (page tables and the boot stack live there).
        mov     edi, OFFSET __bss_start
        mov     ecx, OFFSET __bss_end
        sub     ecx, edi
        xor     eax, eax
        rep stosb

        mov     esp, OFFSET boot_stack_top

        // PML4[0] -> PDPT; PDPT[0..3] -> four page directories of 512 x 2 MiB pages: 0..4 GiB identity.
        mov     eax, OFFSET boot_pdpt
        or      eax, PAGE_PRESENT_RW
        mov     [boot_pml4], eax
        mov     ecx, 0
1:      mov     eax, ecx
        shl     eax, 12
        add     eax, OFFSET boot_pd
        or      eax, PAGE_PRESENT_RW
        mov     [boot_pdpt + ecx * 8], eax
        inc     ecx
        cmp     ecx, 4
        jne     1b
        xor     ecx, ecx                // ecx = 2 MiB page index 0..2047
2:      mov     eax, ecx
        shl     eax, 21
        or      eax, PAGE_PRESENT_RW | PAGE_HUGE
        mov     [boot_pd + ecx * 8], eax
        inc     ecx
        cmp     ecx, 2048
        jne     2b

        mov     eax, OFFSET boot_pml4
        mov     cr3, eax
        mov     eax, cr4
        or      eax, CR4_PAE | CR4_OSFXSR | CR4_OSXMMEXCPT
        mov     cr4, eax
        mov     ecx, MSR_EFER
        rdmsr
        or      eax, EFER_LME
        wrmsr
        mov     eax, cr0
        and     eax, ~CR0_EM
        or      eax, CR0_PG | CR0_MP | CR0_WP
        mov     cr0, eax

        lgdt    [boot_gdt_pointer]
        ljmp    0x08, OFFSET long_mode_entry

        .code64
long_mode_entry:
        mov     ax, 0x10
        mov     ds, ax
        mov     es, ax
        mov     ss, ax
        xor     eax, eax
        mov     fs, ax
        mov     gs, ax
        lea     rsp, [rip + boot_stack_top]
        fninit
        push    0x1F80                  // MXCSR default: all SSE exceptions masked
        ldmxcsr [rsp]
        add     rsp, 8

        mov     edi, esi                // rdi = start_info (zero-extended)
        lea     rsi, [rip + helios_image_layout]
        call    helios_kernel_entry
4:      cli
        hlt
        jmp     4b

        .section .rodata
        .balign 8
boot_gdt:
        .quad   0                       // null
        .quad   0x00AF9A000000FFFF      // 0x08: 64-bit code, ring 0
        .quad   0x00CF92000000FFFF      // 0x10: data, ring 0
boot_gdt_end:
boot_gdt_pointer:
        .word   boot_gdt_end - boot_gdt - 1
        .quad   boot_gdt

        .bss
        .balign 4096
boot_pml4:      .skip 4096
boot_pdpt:      .skip 4096
boot_pd:        .skip 4 * 4096
        .balign 4096
boot_stack_guard: .skip 4096            // unmapped by the kernel's page tables: an overflow faults
boot_stack:     .skip 256 * 1024        // the boot CPU's stack until it runs threads
boot_stack_top:
        .globl boot_stack, boot_stack_top

        .section .note.GNU-stack, "", @progbits
