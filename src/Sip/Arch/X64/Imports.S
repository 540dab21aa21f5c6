// A process's imports (Abi/Imports.inc): each is a jump through a slot the loader fills. The names go to
// .helios_import_names and the slots to .helios_import_slots in the same order, so slot i is bound to name i.
#define HELIOS_IMPORT(name)                                     \
        .section .helios_import_names, "a"                     ;\
        .asciz  #name                                           ;\
        .section .helios_import_slots, "aw"                    ;\
        .balign 8                                               ;\
name##_slot:                                                    ;\
        .quad   0                                               ;\
        .text                                                   ;\
        .globl  name                                            ;\
        .type   name, @function                                 ;\
name:                                                           ;\
        jmp     *name##_slot(%rip)

#include "../../Abi/Imports.inc"

        .section .note.GNU-stack, "", @progbits
