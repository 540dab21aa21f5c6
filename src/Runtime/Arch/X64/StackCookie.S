// The stack-protector cookie ilc's code checks in frames with stack buffers (its contract: this symbol). The host
// re-seeds it at boot; this value only guards code that runs before.
        .data
        .balign 8
        .globl __security_cookie
__security_cookie:
        .quad   0x2B992DDFA23249D6

        .section .note.GNU-stack, "", @progbits
