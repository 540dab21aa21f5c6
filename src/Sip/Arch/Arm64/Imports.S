// A process's imports (Abi/Imports.inc): each is a jump through a slot the loader fills (x16 is the intra-procedure
// scratch register AAPCS64 reserves for this). Names and slots go to two sections in the same order.
#define HELIOS_IMPORT(name)                                     \
        .section .helios_import_names, "a"                     ;\
        .asciz  #name                                           ;\
        .section .helios_import_slots, "aw"                    ;\
        .balign 8                                               ;\
name##_slot:                                                    ;\
        .quad   0                                               ;\
        .text                                                   ;\
        .globl  name                                            ;\
        .type   name, %function                                 ;\
name:                                                           ;\
        adrp    x16, name##_slot                                ;\
        ldr     x16, [x16, :lo12:name##_slot]                   ;\
        br      x16

#include "../../Abi/Imports.inc"

        .section .note.GNU-stack, "", %progbits
