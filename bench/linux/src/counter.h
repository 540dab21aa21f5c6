/* The ISA's cycle counter, read directly in user space, and the unit a figure is reported in.
 * Under QEMU's -icount shift=0,sleep=off one guest instruction is one virtual nanosecond: x86_64's TSC then advances
 * one tick per instruction, and arm64's generic counter advances at CNTFRQ (62.5 MHz on QEMU 7.2), so arm64 ticks are
 * converted to instructions (1e9 / CNTFRQ per tick). */
#ifndef BENCH_COUNTER_H
#define BENCH_COUNTER_H

#include <stdint.h>

#if defined(__x86_64__)

#define COUNTER_UNIT "ticks"

static inline uint64_t counter_read(void)
{
    uint32_t lo, hi;
    /* lfence keeps earlier instructions from completing after the read on real hardware; TCG runs in order. */
    __asm__ volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
    return ((uint64_t)hi << 32) | lo;
}

/* TSC ticks are already the unit. */
static inline uint64_t counter_to_unit(uint64_t ticks) { return ticks; }

#elif defined(__aarch64__)

#define COUNTER_UNIT "insns"

static inline uint64_t counter_read(void)
{
    uint64_t value;
    /* isb: the read happens after everything before it, as on x86 with lfence. */
    __asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(value) : : "memory");
    return value;
}

static inline uint64_t counter_frequency(void)
{
    uint64_t hz;
    __asm__ volatile("mrs %0, cntfrq_el0" : "=r"(hz));
    return hz;
}

/* Counter ticks to instructions: one instruction is one virtual nanosecond under -icount shift=0. */
static inline uint64_t counter_to_unit(uint64_t ticks)
{
    return (uint64_t)(((unsigned __int128)ticks * 1000000000u) / counter_frequency());
}

#else
#error "bench: unsupported ISA (x86_64 and arm64 only)"
#endif

#endif
