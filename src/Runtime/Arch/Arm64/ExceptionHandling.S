// Throwing, and the exception dispatcher's way into funclets and back into a frame (ExceptionDispatcher.cs).
// A RegisterContext (ExceptionHandling/RegisterContext.cs) holds DWARF register n at 8*n (x0-x30, sp = 31) and
// v0-v15 at 8*(32+n), the IP at 8*48. AAPCS64 callee-saved: x19-x28, x29 (fp), and d8-d15 (slots 40-47).
        .text

        .set CONTEXT_IP, 8*48
        .set CONTEXT_FRAME, 8*50 + 16   // a RegisterContext rounded up, and a frame record

// RhpThrowEx(exception) and RhpRethrow() (ilc's contract): capture the thrower's context (its callee-saved
// registers, its stack pointer, the return address in lr) and dispatch. Never return.
        .globl RhpThrowEx
RhpThrowEx:
        mov     w2, #0                  // ThrowKind.Throw
        b       CaptureAndDispatch

        .globl RhpRethrow
RhpRethrow:
        mov     x0, xzr                 // the dispatcher finds the exception being handled
        mov     w2, #1                  // ThrowKind.Rethrow

CaptureAndDispatch:
        sub     sp, sp, #CONTEXT_FRAME
        stp     x19, x20, [sp, #8*19]
        stp     x21, x22, [sp, #8*21]
        stp     x23, x24, [sp, #8*23]
        stp     x25, x26, [sp, #8*25]
        stp     x27, x28, [sp, #8*27]
        stp     x29, x30, [sp, #8*29]
        add     x9, sp, #CONTEXT_FRAME
        str     x9, [sp, #8*31]
        stp     d8, d9, [sp, #8*40]
        stp     d10, d11, [sp, #8*42]
        stp     d12, d13, [sp, #8*44]
        stp     d14, d15, [sp, #8*46]
        str     x30, [sp, #CONTEXT_IP]
        stp     x29, x30, [sp, #8*50]   // a frame record, for debuggers
        add     x29, sp, #8*50
        mov     x1, sp
        bl      helios_dispatch_exception
        brk     #0

// nint helios_call_funclet(object exception, void* funclet, FuncletInvocation* invocation)
// Calls a catch, filter or finally funclet with the callee-saved registers of the frame it belongs to (it reaches
// the frame's locals through x29) and the exception in x0. The invocation record stays at [sp] where the funclet
// returns, for the unwinder (StackFrameIterator). Returns what the funclet returns: a catch's continuation address,
// a filter's verdict.
        .globl helios_call_funclet
helios_call_funclet:
        sub     sp, sp, #176
        str     x2, [sp]
        stp     x29, x30, [sp, #16]
        stp     x19, x20, [sp, #32]
        stp     x21, x22, [sp, #48]
        stp     x23, x24, [sp, #64]
        stp     x25, x26, [sp, #80]
        stp     x27, x28, [sp, #96]
        stp     d8, d9, [sp, #112]
        stp     d10, d11, [sp, #128]
        stp     d12, d13, [sp, #144]
        stp     d14, d15, [sp, #160]
        ldp     x19, x20, [x2, #8*19]
        ldp     x21, x22, [x2, #8*21]
        ldp     x23, x24, [x2, #8*23]
        ldp     x25, x26, [x2, #8*25]
        ldp     x27, x28, [x2, #8*27]
        ldr     x29, [x2, #8*29]
        ldp     d8, d9, [x2, #8*40]
        ldp     d10, d11, [x2, #8*42]
        ldp     d12, d13, [x2, #8*44]
        ldp     d14, d15, [x2, #8*46]
        blr     x1
helios_funclet_return_site:
        ldp     d14, d15, [sp, #160]
        ldp     d12, d13, [sp, #144]
        ldp     d10, d11, [sp, #128]
        ldp     d8, d9, [sp, #112]
        ldp     x27, x28, [sp, #96]
        ldp     x25, x26, [sp, #80]
        ldp     x23, x24, [sp, #64]
        ldp     x21, x22, [sp, #48]
        ldp     x19, x20, [sp, #32]
        ldp     x29, x30, [sp, #16]
        add     sp, sp, #176
        ret

        .globl helios_funclet_return_site_address
helios_funclet_return_site_address:
        adr     x0, helios_funclet_return_site
        ret

// void helios_resume(RegisterContext* context, void* ip, nint value): continue in the frame of context at ip with
// value in x0 (a filter invocation returning false, when an exception escaped the filter). Never returns.
        .globl helios_resume
helios_resume:
        ldp     x19, x20, [x0, #8*19]
        ldp     x21, x22, [x0, #8*21]
        ldp     x23, x24, [x0, #8*23]
        ldp     x25, x26, [x0, #8*25]
        ldp     x27, x28, [x0, #8*27]
        ldr     x29, [x0, #8*29]
        ldp     d8, d9, [x0, #8*40]
        ldp     d10, d11, [x0, #8*42]
        ldp     d12, d13, [x0, #8*44]
        ldp     d14, d15, [x0, #8*46]
        ldr     x9, [x0, #8*31]
        mov     sp, x9
        mov     x0, x2
        br      x1

        .section .note.GNU-stack, "", %progbits
