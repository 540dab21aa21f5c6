/* /bin/tiny: the program fork_exec_wait starts. Static, no libc, no start files: its entry point exits at once, so
 * the figure is the kernel's cost of a process (fork, exec, exit, wait), not a C library's start-up. */
#if defined(__x86_64__)
__asm__(".globl _start\n_start:\n\tmov $231, %eax\n\txor %edi, %edi\n\tsyscall\n");   /* exit_group(0) */
#elif defined(__aarch64__)
__asm__(".globl _start\n_start:\n\tmov x8, #94\n\tmov x0, #0\n\tsvc #0\n");           /* exit_group(0) */
#else
#error "tiny: unsupported ISA"
#endif
