// throw_catch_1frame, throw_catch_10frames: a C++ exception thrown and caught 1 and 10 frames above the throw.
// One operation is one throw + catch (allocation of the exception, two-phase unwind, the handler, the destruction).
// The frames are real: every function is noinline and does work after its call, so there are no tail calls.
#include <exception>

#include "bench.h"

namespace {

constexpr unsigned long ThrowBatch = 1000;

struct BenchException : std::exception {
    const char *what() const noexcept override { return "bench"; }
};

volatile unsigned long caught;
volatile unsigned long unwound;

// Frame 1 is the function that throws; frame `frames` is called by the function with the try block.
__attribute__((noinline, noclone)) void descend(int frames)
{
    if (frames <= 1) throw BenchException();
    descend(frames - 1);
    unwound = unwound + 1;   // never reached; keeps the call from being a tail call
}

__attribute__((noinline, noclone)) void catch_once(int frames)
{
    try {
        descend(frames);
    } catch (const std::exception &) {
        caught = caught + 1;
    }
}

void batch(void *context, unsigned long ops)
{
    int frames = *static_cast<int *>(context);
    for (unsigned long i = 0; i < ops; i++) catch_once(frames);
}

}  // namespace

extern "C" void case_throw_catch(void)
{
    int one = 1, ten = 10;
    bench_measure("throw_catch_1frame", ThrowBatch, batch, &one);
    bench_measure("throw_catch_10frames", ThrowBatch, batch, &ten);
}
