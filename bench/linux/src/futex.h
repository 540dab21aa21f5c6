/* Process-private futex wait and wake on a 32-bit word: glibc has no wrappers for them. */
#ifndef BENCH_FUTEX_H
#define BENCH_FUTEX_H

#include <errno.h>
#include <linux/futex.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Sleeps while *word == expected (returns at once if it already differs, or on a spurious wake-up). */
static inline void futex_wait(atomic_uint *word, unsigned expected)
{
    syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

static inline void futex_wake(atomic_uint *word)
{
    syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

/* Blocks until *word != value. */
static inline void futex_wait_while(atomic_uint *word, unsigned value)
{
    while (atomic_load(word) == value) futex_wait(word, value);
}

#endif
