// Throwing, and the exception dispatcher's way into funclets and back into a frame (ExceptionDispatcher.cs).
// A RegisterContext (ExceptionHandling/RegisterContext.cs) holds DWARF register n at 8*n and the IP at 8*48;
// the callee-saved registers of the System V ABI are rbx (3), rbp (6), r12-r15 (12-15), and rsp is 7.
        .intel_syntax noprefix
        .text

        .set CONTEXT_IP, 8*48
        .set CONTEXT_FRAME, 8*51        // a RegisterContext (8*49), and 16-byte alignment at the call

// RhpThrowEx(exception) and RhpRethrow() (ilc's contract): capture the thrower's context (its callee-saved
// registers, its stack pointer after this call returns, the return address) and dispatch. Never return.
        .globl RhpThrowEx
RhpThrowEx:
        xor     edx, edx                // ThrowKind.Throw
        jmp     CaptureAndDispatch

        .globl RhpRethrow
RhpRethrow:
        xor     edi, edi                // the dispatcher finds the exception being handled
        mov     edx, 1                  // ThrowKind.Rethrow

CaptureAndDispatch:
        lea     rax, [rsp + 8]
        mov     rcx, [rsp]
        sub     rsp, CONTEXT_FRAME
        mov     [rsp + 8*3], rbx
        mov     [rsp + 8*6], rbp
        mov     [rsp + 8*7], rax
        mov     [rsp + 8*12], r12
        mov     [rsp + 8*13], r13
        mov     [rsp + 8*14], r14
        mov     [rsp + 8*15], r15
        mov     [rsp + CONTEXT_IP], rcx
        mov     rsi, rsp
        call    helios_dispatch_exception
        int3

// nint helios_call_funclet(object exception, void* funclet, FuncletInvocation* invocation)
// Calls a catch, filter or finally funclet with the callee-saved registers of the frame it belongs to (it reaches
// the frame's locals through rbp) and the exception in rdi. The invocation record stays at [rsp] where the funclet
// returns, for the unwinder (StackFrameIterator). Returns what the funclet returns: a catch's continuation address,
// a filter's verdict.
        .globl helios_call_funclet
helios_call_funclet:
        push    rbp
        push    rbx
        push    r12
        push    r13
        push    r14
        push    r15
        push    rdx
        mov     rbx, [rdx + 8*3]
        mov     rbp, [rdx + 8*6]
        mov     r12, [rdx + 8*12]
        mov     r13, [rdx + 8*13]
        mov     r14, [rdx + 8*14]
        mov     r15, [rdx + 8*15]
        call    rsi
helios_funclet_return_site:
        pop     rdx
        pop     r15
        pop     r14
        pop     r13
        pop     r12
        pop     rbx
        pop     rbp
        ret

        .globl helios_funclet_return_site_address
helios_funclet_return_site_address:
        lea     rax, [rip + helios_funclet_return_site]
        ret

// void helios_resume(RegisterContext* context, void* ip, nint value): continue in the frame of context at ip with
// value in rax (a filter invocation returning false, when an exception escaped the filter). Never returns.
        .globl helios_resume
helios_resume:
        mov     rbx, [rdi + 8*3]
        mov     rbp, [rdi + 8*6]
        mov     r12, [rdi + 8*12]
        mov     r13, [rdi + 8*13]
        mov     r14, [rdi + 8*14]
        mov     r15, [rdi + 8*15]
        mov     rax, rdx
        mov     rsp, [rdi + 8*7]
        jmp     rsi

        .section .note.GNU-stack, "", @progbits
