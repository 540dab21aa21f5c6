// x86_64 satellite kernels start here (docs/multikernel.md): the coordinator placed this image in the satellite's
// domain, relocated it, and started the domain's first CPU through its AP trampoline (ApTrampoline.S) in long mode
// on boot page tables it built, with rdi = the boot block and rsp on a scratch page. We move to our own boot stack and
// GDT (the trampoline's page belongs to the coordinator), set up SSE, and call the managed satellite entry:
// helios_satellite_kernel_entry(boot block, &layout). Everything here is RIP-relative: the image runs wherever the
// coordinator put it. That is why the layout (Internal.Runtime.ImageLayout) is filled in here rather than by the linker
// script as kernel.ld does: data a linker script writes gets no dynamic relocation, so it would hold link-time offsets.
        .intel_syntax noprefix

        .section .text.satellite, "ax"
        .code64
        .globl helios_satellite_entry
helios_satellite_entry:
        cli
        cld
        mov     rbx, rdi                // keep the boot block
        lea     rsp, [rip + boot_stack_top]
        // The GDT pointer is built here, not stored: its address would be an unaligned relocation.
        lea     rax, [rip + satellite_gdt]
        sub     rsp, 16
        mov     word ptr [rsp], satellite_gdt_end - satellite_gdt - 1
        mov     [rsp + 2], rax
        lgdt    [rsp]
        add     rsp, 16
        lea     rax, [rip + 1f]
        push    0x08
        push    rax
        retfq                           // reload CS from our own GDT
1:      mov     ax, 0x10
        mov     ds, ax
        mov     es, ax
        mov     ss, ax
        xor     eax, eax
        mov     fs, ax
        mov     gs, ax
        fninit
        push    0x1F80                  // MXCSR default: all SSE exceptions masked
        ldmxcsr [rsp]
        add     rsp, 8

        lea     rsi, [rip + satellite_layout]
        lea     rax, [rip + __modules_start]
        mov     [rsi + 0], rax
        lea     rax, [rip + __modules_end]
        mov     [rsi + 8], rax
        lea     rax, [rip + __helios_symbols_start]
        mov     [rsi + 16], rax
        lea     rax, [rip + __helios_symbols_end]
        mov     [rsi + 24], rax
        lea     rax, [rip + __image_start]
        mov     [rsi + 32], rax
        lea     rax, [rip + __image_end]
        mov     [rsi + 40], rax
        lea     rax, [rip + __early_heap_start]
        mov     [rsi + 48], rax
        lea     rax, [rip + __early_heap_end]
        mov     [rsi + 56], rax
        lea     rax, [rip + __eh_frame_hdr_start]
        mov     [rsi + 64], rax
        lea     rax, [rip + __eh_frame_hdr_end]
        mov     [rsi + 72], rax
        lea     rax, [rip + boot_stack]
        mov     [rsi + 80], rax
        lea     rax, [rip + boot_stack_top]
        mov     [rsi + 88], rax
        mov     rdi, rbx
        call    helios_satellite_kernel_entry
2:      cli
        hlt
        jmp     2b

        .section .rodata
        .balign 8
satellite_gdt:
        .quad   0                       // null
        .quad   0x00AF9A000000FFFF      // 0x08: 64-bit code, ring 0
        .quad   0x00CF92000000FFFF      // 0x10: data, ring 0
satellite_gdt_end:

        .bss
        .balign 8
satellite_layout: .skip 12 * 8          // Internal.Runtime.ImageLayout
        .balign 4096
boot_stack_guard: .skip 4096            // unmapped by the kernel's page tables: an overflow faults
boot_stack:     .skip 256 * 1024        // the first CPU's stack until it runs threads
boot_stack_top:
        .globl boot_stack, boot_stack_top

        .section .note.GNU-stack, "", @progbits
